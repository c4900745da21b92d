import * as z from 'zod';
import { LIMITS } from '../limits';
import { validateEmail } from '../validation/email';
import { validateName } from '../validation/name';
import { repeatedEmails } from '../validation/repeated-emails';
import { validatePurpose } from '../validation/purpose';
import { VALIDATION_MESSAGES, type ValidationCode } from '../validation/validation-messages';
import { REQUEST_OBJECT } from './field-errors';
import { handoffCodeField, idempotencyKeyField, participantIdField } from './id-fields';
import { ruleField } from './rule-field';
import { EMAIL_FIELD_SCHEMA, NAME_FIELD_SCHEMA, PURPOSE_FIELD_SCHEMA } from './text-field-schemas';

/** Every party consents: creating a session and verifying need the terms accepted. */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the Terms of Service to continue.';
export const INITIATOR_FIRST_MESSAGE = 'The first participant must be the initiator';
const MAX_REASON_LENGTH = 200;

const NAME_DESCRIPTION = `${LIMITS.nameMinLength} to ${LIMITS.nameMaxLength} characters once trimmed, at least one a letter; no control, invisible or direction-changing characters`;
const EMAIL_DESCRIPTION = 'Text, an at sign, text, a dot and text, with no spaces (trimmed); each participant their own (compared in any case)';

/** A participant's name and e-mail; an empty field gets the message of who they are (initiator or not). */
const participantInput = (required: ValidationCode) =>
  z.strictObject(
    {
      name: ruleField((value) => validateName(value, required), required).meta({ ...NAME_FIELD_SCHEMA, example: 'Ana Pérez', description: NAME_DESCRIPTION }),
      email: ruleField((value) => validateEmail(value, required), required).meta({
        ...EMAIL_FIELD_SCHEMA,
        example: 'ana@example.com',
        description: EMAIL_DESCRIPTION,
      }),
    },
    { error: VALIDATION_MESSAGES[required] },
  );

export const ParticipantInputSchema = participantInput('participant_required');

/** 2 or 3 entries, the initiator first; the count is checked before any entry. */
const participantList = z
  .array(z.unknown(), { error: VALIDATION_MESSAGES.participants_too_few })
  .min(LIMITS.minParticipants, { error: VALIDATION_MESSAGES.participants_too_few })
  .max(LIMITS.maxParticipants, { error: VALIDATION_MESSAGES.participants_too_many })
  .pipe(z.tuple([participantInput('initiator_required')], ParticipantInputSchema))
  .transform((list): z.output<typeof ParticipantInputSchema>[] => list)
  // The entries' shape, for the OpenAPI document (the list is read as `unknown[]` so that the count is checked first).
  .meta({
    items: {
      type: 'object',
      properties: {
        name: { type: 'string', ...NAME_FIELD_SCHEMA, example: 'Ana Pérez', description: NAME_DESCRIPTION },
        email: { type: 'string', ...EMAIL_FIELD_SCHEMA, example: 'ana@example.com', description: EMAIL_DESCRIPTION },
      },
      required: ['name', 'email'],
      additionalProperties: false,
    },
  });

/** `POST /api/sessions`: initiator name, 2-3 participants (initiator first), purpose, the terms accepted. */
const createSessionFields = {
  initiator: ruleField((value) => validateName(value, 'initiator_required'), 'initiator_required').meta({
    ...NAME_FIELD_SCHEMA,
    example: 'Ana Pérez',
    description: 'The initiator name; must equal participants[0].name',
  }),
  participants: participantList.meta({
    description:
      `${LIMITS.minParticipants} to ${LIMITS.maxParticipants} participants, the initiator first, each with their own e-mail address ` +
      '(compared in any case: two entries with one address are refused, 400, which no schema keyword can say beyond `uniqueItems`)',
    // Two equal entries share their address: that much of the rule a schema states.
    uniqueItems: true,
    // An example of the whole list: each entry's own example would give every participant the same address.
    example: [
      { name: 'Ana Pérez', email: 'ana@example.com' },
      { name: 'Bo Li', email: 'bo@example.com' },
    ],
  }),
  purpose: ruleField(validatePurpose, 'purpose_required').meta({
    ...PURPOSE_FIELD_SCHEMA,
    example: 'Selling a car',
    description: `At most ${LIMITS.purposeMaxLength} characters once trimmed; no control or direction-changing characters`,
  }),
  termsAccepted: z
    .literal(true, { error: TERMS_REQUIRED_MESSAGE })
    .meta({ description: 'The initiator accepted the Terms of Service; refused (400) unless true' }),
};

/** What the list must hold across its entries: the initiator first, and each place its own e-mail address. */
function participantListRules(request: { initiator: string; participants: { name: string; email: string }[] }, context: z.RefinementCtx): void {
  if (request.participants[0].name !== request.initiator) {
    context.addIssue({ code: 'custom', message: INITIATOR_FIRST_MESSAGE, path: ['participants', 0, 'name'], input: request.participants });
  }
  for (const index of repeatedEmails(request.participants)) {
    context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.email_duplicate, path: ['participants', index, 'email'], input: request.participants });
  }
}

/** `POST /api/sessions`: initiator name, 2-3 participants (initiator first), purpose, the terms accepted. */
export const CreateSessionRequestSchema = z.strictObject(createSessionFields, REQUEST_OBJECT).superRefine(participantListRules);

/** The same as svc-sessions receives it: with the call's `Idempotency-Key`, if it had one. */
export const CreateSessionCommandSchema = z
  .strictObject({ ...createSessionFields, idempotencyKey: idempotencyKeyField }, REQUEST_OBJECT)
  .superRefine(participantListRules);

/**
 * `POST /api/sessions/:id/participants/:pid/claim`: the place's e-mail address, and `termsAccepted`: `true` when the person accepted the terms of
 * service (needed before they may submit); `false` when the place is claimed only to decline.
 */
export const ClaimParticipantRequestSchema = z.strictObject(
  {
    email: ruleField((value) => validateEmail(value, 'email_invalid'), 'email_invalid')
      .optional()
      .meta({
        ...EMAIL_FIELD_SCHEMA,
        example: 'bo@example.com',
        description:
          'The e-mail address the initiator entered for this place (any case). Needed to claim a place not yet claimed: else 400; a wrong one 403 email_mismatch, and after a few wrong ones from the same client that client may not claim the place for a while (423 place_locked); the right address from anyone else still claims it. Not needed by the browser that already holds the place (its token)',
      }),
    termsAccepted: z.boolean({ error: 'termsAccepted must be true (the terms were accepted) or false (claiming only to decline)' }).meta({
      description:
        'true: the person accepted the Terms of Service (needed before they may submit: else 403 terms_not_accepted); false: the place is claimed only to decline',
    }),
  },
  REQUEST_OBJECT,
);

/** `POST /api/sessions/:id/cancel`: `initiatorId` and a short `reason`. */
export const CancelSessionRequestSchema = z.strictObject(
  {
    initiatorId: participantIdField('initiatorId').meta({ description: 'initiatorParticipantId of the session' }),
    reason: z
      .string({ error: `reason must be text of 1 to ${MAX_REASON_LENGTH} characters` })
      .max(MAX_REASON_LENGTH, { error: `reason must be text of 1 to ${MAX_REASON_LENGTH} characters` })
      // Something besides spaces: stated as a pattern so that the OpenAPI document says it too.
      .regex(/\S/, { error: `reason must be text of 1 to ${MAX_REASON_LENGTH} characters` })
      .trim()
      .min(1, { error: `reason must be text of 1 to ${MAX_REASON_LENGTH} characters` })
      .meta({ example: 'Cancelled by initiator' }),
  },
  REQUEST_OBJECT,
);

/** `POST /api/sessions/:id/reject`: the declining `participantId`. */
export const DeclineRequestSchema = z.strictObject({ participantId: participantIdField() }, REQUEST_OBJECT);

/** `POST /api/handoffs/redeem`: the code of the handoff link. */
export const RedeemHandoffRequestSchema = z.strictObject({ code: handoffCodeField.meta({ description: 'The code of the handoff link' }) }, REQUEST_OBJECT);
