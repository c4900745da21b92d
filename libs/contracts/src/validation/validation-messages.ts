/**
 * Validation codes and the spec's English message for each (docs/product.md, "Rules").
 * The gateway answers these messages; the browser maps the same codes to its en/es texts.
 */
export const VALIDATION_MESSAGES = {
  initiator_required: 'Please enter your name and email',
  participant_required: 'Please fill in all participant names and emails',
  name_invalid: 'Please enter a valid name (2-50 characters)',
  email_invalid: 'Please enter a valid email address',
  email_duplicate: 'Each participant needs their own email address',
  purpose_required: 'Please describe the purpose of this verification',
  purpose_too_long: 'Purpose must be 50 characters or less',
  purpose_invalid: 'Purpose contains characters that are not allowed',
  participants_too_few: 'Please fill in all participant names and emails',
  participants_too_many: 'Maximum 3 participants allowed',
  session_code_required: 'Please enter a session code',
  session_code_invalid: 'Invalid session code. Please check and try again.',
  real_name_required: 'Please enter your full legal name',
  real_name_invalid: 'Please enter a valid name (2-50 characters)',
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_CODES = Object.keys(VALIDATION_MESSAGES) as ValidationCode[];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}
