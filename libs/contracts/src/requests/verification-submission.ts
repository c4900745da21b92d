import type { VerificationSubmission } from '../verification';
import { LIMITS } from '../limits';
import { validateName } from '../validation/name';
import { checkShape, fieldError, result, type RequestValidation } from './request-validation';

const FIELDS = ['realName', 'idDocumentFront', 'idDocumentBack', 'selfie', 'proofOfLife'] as const;
const IMAGE_FIELDS = ['idDocumentFront', 'idDocumentBack', 'selfie'] as const;
const DATA_URL_HEADER = /^data:image\/[a-z+.-]{1,32};base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_PROOF_OF_LIFE = 10_000;
/** The longest data URL whose image can be within `LIMITS.imageMaxBytes`: header and base64 (4 characters per 3 bytes). */
export const IMAGE_DATA_URL_MAX_LENGTH = 64 + Math.ceil(LIMITS.imageMaxBytes / 3) * 4;
const FILE_TOO_LARGE = 'File is too large. Please select a smaller file.';
const INVALID_FILE_TYPE = 'Invalid file type. Please select a valid document.';

/** Is this a base64 image data URL? Header first, then one linear pass over the payload (~7 ms at 5 MB). */
function isImageDataUrl(value: string): boolean {
  const header = DATA_URL_HEADER.exec(value.slice(0, 64));
  return header !== null && BASE64.test(value.slice(header[0].length));
}

/**
 * `POST /api/verification/:sessionId/:participantId`: the shape of a submission. The images'
 * real type, size and pixel count are checked where they are decoded (svc-verification); an image
 * too long to be within the size limit is refused here, unread, with 413 `image_too_large`.
 */
export function parseVerificationSubmission(body: unknown): RequestValidation<VerificationSubmission> {
  const fields: Record<string, string> = {};
  if (!checkShape(body, FIELDS, fields)) return { ok: false, fields };
  let tooLarge = false;
  const realName = validateName(body['realName'], 'real_name_required');
  if (!realName.ok) fieldError(fields, 'realName', realName.code === 'name_invalid' ? 'real_name_invalid' : realName.code);
  for (const field of IMAGE_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string' || value.length === 0) {
      fields[field] = field === 'selfie' ? 'Please take a selfie' : 'Please upload both front and back sides of your ID document.';
    } else if (value.length > IMAGE_DATA_URL_MAX_LENGTH) {
      fields[field] = FILE_TOO_LARGE;
      tooLarge = true;
    } else if (!isImageDataUrl(value)) {
      fields[field] = INVALID_FILE_TYPE;
    }
  }
  const proofOfLife = body['proofOfLife'] ?? '';
  if (typeof proofOfLife !== 'string' || proofOfLife.length > MAX_PROOF_OF_LIFE) fields['proofOfLife'] = 'proofOfLife must be text';
  if (tooLarge) return { ok: false, fields, code: 'image_too_large' };
  return result(fields, () => ({
    realName: realName.ok ? realName.value : '',
    idDocumentFront: body['idDocumentFront'] as string,
    idDocumentBack: body['idDocumentBack'] as string,
    selfie: body['selfie'] as string,
    proofOfLife: proofOfLife as string,
  }));
}
