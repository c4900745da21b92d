import type { VerificationSubmission } from '../verification';
import { validateName } from '../validation/name';
import { checkShape, fieldError, result, type RequestValidation } from './request-validation';

const FIELDS = ['realName', 'idDocumentFront', 'idDocumentBack', 'selfie', 'proofOfLife'] as const;
const IMAGE_FIELDS = ['idDocumentFront', 'idDocumentBack', 'selfie'] as const;
const DATA_URL = /^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_PROOF_OF_LIFE = 10_000;

/**
 * `POST /api/verification/:sessionId/:participantId`: the shape of a submission. The images'
 * real type, size and pixel count are checked where they are decoded (svc-verification).
 */
export function parseVerificationSubmission(body: unknown): RequestValidation<VerificationSubmission> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, FIELDS, fields)) return { ok: false, fields };
  const realName = validateName(body['realName'], 'real_name_required');
  if (!realName.ok) fieldError(fields, 'realName', realName.code === 'name_invalid' ? 'real_name_invalid' : realName.code);
  for (const field of IMAGE_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string' || value.length === 0) {
      fields[field] = field === 'selfie' ? 'Please take a selfie' : 'Please upload both front and back sides of your ID document.';
    } else if (!DATA_URL.test(value)) {
      fields[field] = 'Invalid file type. Please select a valid document.';
    }
  }
  const proofOfLife = body['proofOfLife'] ?? '';
  if (typeof proofOfLife !== 'string' || proofOfLife.length > MAX_PROOF_OF_LIFE) fields['proofOfLife'] = 'proofOfLife must be text';
  return result(fields, () => ({
    realName: realName.ok ? realName.value : '',
    idDocumentFront: body['idDocumentFront'] as string,
    idDocumentBack: body['idDocumentBack'] as string,
    selfie: body['selfie'] as string,
    proofOfLife: proofOfLife as string,
  }));
}
