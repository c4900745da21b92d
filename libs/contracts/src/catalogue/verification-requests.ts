import * as z from 'zod';
import { LIMITS } from '../limits';
import { LIVENESS_CAPTURE_STEPS } from '../liveness';
import { validateName } from '../validation/name';
import { invalid } from '../validation/validation-result';
import { REQUEST_OBJECT } from './field-errors';
import { ruleField } from './rule-field';
import { NAME_FIELD_SCHEMA } from './text-field-schemas';

const DATA_URL_HEADER = /^data:image\/[a-z+.-]{1,32};base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_PROOF_OF_LIFE = 10_000;
/** The longest data URL whose image can be within `LIMITS.imageMaxBytes`: header and base64 (4 characters per 3 bytes). */
export const IMAGE_DATA_URL_MAX_LENGTH = 64 + Math.ceil(LIMITS.imageMaxBytes / 3) * 4;
/** The longest data URL of one liveness frame. */
export const FRAME_DATA_URL_MAX_LENGTH = 64 + Math.ceil(LIMITS.livenessFrameMaxBytes / 3) * 4;
/** A challenge token is ~300 characters (svc-sessions' liveness-challenge-token.ts). */
const CHALLENGE_MAX_LENGTH = 1024;
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
 * with 422 `image_too_large`.
 */
const imageField = (required: string, maxLength = IMAGE_DATA_URL_MAX_LENGTH) =>
  z
    .string({ error: required })
    .superRefine((value, context) => {
      if (value.length === 0) context.addIssue({ code: 'custom', message: required, input: value });
      else if (value.length > maxLength) context.addIssue({ code: 'custom', message: FILE_TOO_LARGE, params: { code: 'image_too_large' }, input: '' });
      else if (!isImageDataUrl(value)) context.addIssue({ code: 'custom', message: INVALID_FILE_TYPE, input: '' });
    })
    // The same rules, as the OpenAPI document states them.
    .meta({ pattern: `${DATA_URL_HEADER.source}${BASE64.source.slice(1)}`, minLength: 1, maxLength });

const CAPTURE_INVALID = 'proofOfLife must be empty or a liveness capture: { challenge, frames: [{ step, image, flow? }] }';

/**
 * A liveness capture (docs/liveness.md): the challenge the server issued for this attempt, and the
 * camera's frames taken while the person followed it, each saying which step it was taken in.
 * Bounded before anything is decoded: at most LIMITS.livenessFramesMax frames, each a data URL of
 * at most FRAME_DATA_URL_MAX_LENGTH characters (a longer one is 422 `image_too_large`).
 */
export const LivenessCaptureSchema = z
  .strictObject(
    {
      challenge: z
        .string({ error: CAPTURE_INVALID })
        .min(1, { error: CAPTURE_INVALID })
        .max(CHALLENGE_MAX_LENGTH, { error: CAPTURE_INVALID })
        .meta({ description: 'The `challenge` of POST /api/verification/:sessionId/:participantId/challenge, as issued' }),
      frames: z
        .array(
          z.strictObject(
            {
              step: z
                .enum(LIVENESS_CAPTURE_STEPS, { error: CAPTURE_INVALID })
                .meta({ description: 'face_camera (looking at the camera, before the moves) or the move being made' }),
              image: imageField(CAPTURE_INVALID, FRAME_DATA_URL_MAX_LENGTH).meta({
                description: 'data:image/jpeg;base64,... (a camera frame, at most 200 kB)',
              }),
              flow: z.literal(true, { error: CAPTURE_INVALID }).optional().meta({
                description:
                  "true: a frame for following the face's points from the one before to the one after, on which the move is not judged (absent: judged)",
              }),
            },
            { error: CAPTURE_INVALID },
          ),
          { error: CAPTURE_INVALID },
        )
        .min(1, { error: CAPTURE_INVALID })
        .max(LIMITS.livenessFramesMax, { error: CAPTURE_INVALID })
        .meta({
          description:
            'In the order taken: frames looking at the camera, then frames during each move of the challenge, in its order. ' +
            "Of a move's frames, those marked `flow` are for following the face's points through the move alone; " +
            'the move is judged on the others (the page takes eight a move: at 12.5, 25, 35, 45, 60, 75, 87.5 and 100 % of its time, ' +
            'judged at 45, 75 and 100 %)',
        }),
    },
    { error: CAPTURE_INVALID },
  )
  .meta({ description: 'A liveness capture' });

/** `POST /api/verification/:sessionId/:participantId`: the name on the document, its two sides and a selfie. */
export const VerificationSubmissionSchema = z.strictObject(
  {
    realName: ruleField((value) => {
      const name = validateName(value, 'real_name_required');
      return name.ok || name.code !== 'name_invalid' ? name : invalid('real_name_invalid');
    }, 'real_name_required').meta({
      ...NAME_FIELD_SCHEMA,
      example: 'Ana Pérez',
      description: 'The full legal name, as on the document: 2 to 50 characters once trimmed, at least one a letter',
    }),
    idDocumentFront: imageField(DOCUMENT_REQUIRED).meta({ description: 'data:image/...;base64,... (JPEG, PNG or WebP, at most 5 MB)' }),
    idDocumentBack: imageField(DOCUMENT_REQUIRED).meta({ description: 'data:image/...;base64,... (the side with the machine-readable zone)' }),
    selfie: imageField('Please take a selfie').meta({ description: 'data:image/...;base64,...' }),
    proofOfLife: z
      .union([z.string().max(MAX_PROOF_OF_LIFE, { error: 'proofOfLife must be text' }), LivenessCaptureSchema], { error: CAPTURE_INVALID })
      .nullish()
      .transform((value) => value ?? '')
      .meta({ description: 'Empty (no liveness capture), or a liveness capture: the challenge and the frames taken while following it (docs/liveness.md)' }),
  },
  REQUEST_OBJECT,
);
