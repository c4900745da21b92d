import { isHandoffCode, isParticipantId } from '../ids';
import { checkShape, result, type RequestValidation } from './request-validation';
import type { CancelSessionRequest, ClaimParticipantRequest, DeclineRequest, RedeemHandoffRequest } from '../session';

const MAX_REASON_LENGTH = 200;

/** `POST /api/sessions/:id/cancel`: `initiatorId` and a short `reason`. */
export function parseCancelSessionRequest(body: unknown): RequestValidation<CancelSessionRequest> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, ['initiatorId', 'reason'], fields)) return { ok: false, fields };
  if (!isParticipantId(body['initiatorId'])) fields['initiatorId'] = 'initiatorId must be the initiator participant id';
  const reason = body['reason'];
  if (typeof reason !== 'string' || reason.length > MAX_REASON_LENGTH || reason.trim().length === 0) {
    fields['reason'] = `reason must be text of 1 to ${MAX_REASON_LENGTH} characters`;
  }
  return result(fields, () => ({ initiatorId: body['initiatorId'] as string, reason: (reason as string).trim() }));
}

/** `POST /api/sessions/:id/reject`: the declining `participantId`. */
export function parseDeclineRequest(body: unknown): RequestValidation<DeclineRequest> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, ['participantId'], fields)) return { ok: false, fields };
  if (!isParticipantId(body['participantId'])) fields['participantId'] = 'participantId must be a participant id';
  return result(fields, () => ({ participantId: body['participantId'] as string }));
}

/** `POST /api/sessions/:id/participants/:pid/claim`: whether the terms were accepted (a boolean, required). */
export function parseClaimParticipantRequest(body: unknown): RequestValidation<ClaimParticipantRequest> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, ['termsAccepted'], fields)) return { ok: false, fields };
  if (typeof body['termsAccepted'] !== 'boolean') fields['termsAccepted'] = 'termsAccepted must be true (the terms were accepted) or false (claiming only to decline)';
  return result(fields, () => ({ termsAccepted: body['termsAccepted'] as boolean }));
}

/** `POST /api/handoffs/redeem`: the handoff `code`. */
export function parseRedeemHandoffRequest(body: unknown): RequestValidation<RedeemHandoffRequest> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, ['code'], fields)) return { ok: false, fields };
  if (!isHandoffCode(body['code'])) fields['code'] = 'code must be a handoff code';
  return result(fields, () => ({ code: body['code'] as string }));
}
