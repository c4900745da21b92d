import * as z from 'zod';
import { LIMITS } from '../limits';
import { validateName } from '../validation/name';
import { invalid } from '../validation/validation-result';
import { REQUEST_OBJECT } from './field-errors';
import { ruleField } from './rule-field';

const DATA_URL_HEADER = /^data:image\/[a-z+.-]{1,32};base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_PROOF_OF_LIFE = 10_000;
/** The longest data URL whose image can be within `LIMITS.imageMaxBytes`: header and base64 (4 characters per 3 bytes). */
export const IMAGE_DATA_URL_MAX_LENGTH = 64 + Math.ceil(LIMITS.imageMaxBytes / 3) * 4;
const FILE_TOO_LARGE = 'File is too large. Please select a smaller file.';
const INVALID_FILE_TYPE = 'Invalid file type. Please select a valid document.';
const DOCUMENT_REQUIRED = 'Please upload both front and back sides of your ID document.';

/** Is this a base64 image data URL? Header first, then one linear pass over the payload (~7 ms at 5 MB). */
function isImageDataUrl(value: string): boolean {
  const header = DATA_URL_HEADER.exec(value.slice(0, 64));
  return header !== null && BASE64.test(value.slice(header[0].length));
}

/**
 * An image as a base64 data URL. Its real type, size and pixel count are checked where it is
 * decoded (svc-verification); one too long to be within the size limit is refused here, unread,
 * with 413 `image_too_large`.
 */
const imageField = (required: string) =>
  z
    .string({ error: required })
    .superRefine((value, context) => {
      if (value.length === 0) context.addIssue({ code: 'custom', message: required, input: value });
      else if (value.length > IMAGE_DATA_URL_MAX_LENGTH) context.addIssue({ code: 'custom', message: FILE_TOO_LARGE, params: { code: 'image_too_large' }, input: '' });
      else if (!isImageDataUrl(value)) context.addIssue({ code: 'custom', message: INVALID_FILE_TYPE, input: '' });
    })
    // The same rules, as the OpenAPI document states them.
    .meta({ pattern: `${DATA_URL_HEADER.source}${BASE64.source.slice(1)}`, minLength: 1, maxLength: IMAGE_DATA_URL_MAX_LENGTH });

/** `POST /api/verification/:sessionId/:participantId`: the name on the document, its two sides and a selfie. */
export const VerificationSubmissionSchema = z
  .strictObject(
    {
      realName: ruleField((value) => {
        const name = validateName(value, 'real_name_required');
        return name.ok || name.code !== 'name_invalid' ? name : invalid('real_name_invalid');
      }, 'real_name_required').meta({ example: 'Ana Pérez', description: 'The full legal name, as on the document' }),
      idDocumentFront: imageField(DOCUMENT_REQUIRED).meta({ description: 'data:image/...;base64,... (JPEG, PNG or WebP, at most 5 MB)' }),
      idDocumentBack: imageField(DOCUMENT_REQUIRED).meta({ description: 'data:image/...;base64,... (the side with the machine-readable zone)' }),
      selfie: imageField('Please take a selfie').meta({ description: 'data:image/...;base64,...' }),
      proofOfLife: z
        .string({ error: 'proofOfLife must be text' })
        .max(MAX_PROOF_OF_LIFE, { error: 'proofOfLife must be text' })
        .nullish()
        .transform((value) => value ?? '')
        .meta({ description: 'Optional' }),
    },
    REQUEST_OBJECT,
  )
  ;
