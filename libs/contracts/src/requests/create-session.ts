import type { CreateSessionRequest, ParticipantInput } from '../session';
import { validateName } from '../validation/name';
import { validateParticipants } from '../validation/participants';
import { validatePurpose } from '../validation/purpose';
import { checkShape, fieldError, result, type RequestValidation } from './request-validation';

const FIELDS = ['initiator', 'participants', 'purpose', 'termsAccepted'] as const;

/** Every party consents: creating a session and verifying need the terms accepted. */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the Terms of Service to continue.';
const PARTICIPANT_FIELDS = ['name', 'email'];

/** `POST /api/sessions`: initiator name, 2-3 participants (initiator first), purpose, the terms accepted. */
export function parseCreateSessionRequest(body: unknown): RequestValidation<CreateSessionRequest> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, FIELDS, fields)) return { ok: false, fields };

  const initiator = validateName(body['initiator'], 'initiator_required');
  if (!initiator.ok) fieldError(fields, 'initiator', initiator.code);
  const purpose = validatePurpose(body['purpose']);
  if (!purpose.ok) fieldError(fields, 'purpose', purpose.code);
  if (body['termsAccepted'] !== true) fields['termsAccepted'] = TERMS_REQUIRED_MESSAGE;

  const rawParticipants = body['participants'];
  if (Array.isArray(rawParticipants)) {
    rawParticipants.forEach((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return;
      for (const key of Object.keys(entry)) {
        if (!PARTICIPANT_FIELDS.includes(key)) fields[`participants[${index}].${key}`] = `Unknown field: ${key}`;
      }
    });
  }
  const participants = validateParticipants(rawParticipants);
  let validParticipants: ParticipantInput[] = [];
  if (!participants.ok) {
    if (participants.fieldErrors.length === 0) fieldError(fields, 'participants', participants.code);
    for (const error of participants.fieldErrors) fieldError(fields, `participants[${error.index}].${error.field}`, error.code);
  } else {
    validParticipants = participants.value;
    if (initiator.ok && validParticipants[0].name !== initiator.value) {
      fields['participants[0].name'] = 'The first participant must be the initiator';
    }
  }
  return result(fields, () => ({
    initiator: initiator.ok ? initiator.value : '',
    participants: validParticipants,
    purpose: purpose.ok ? purpose.value : '',
    termsAccepted: true as const,
  }));
}
