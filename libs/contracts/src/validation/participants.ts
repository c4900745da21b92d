import { LIMITS } from '../limits';
import type { ParticipantInput } from '../session';
import { validateEmail } from './email';
import { repeatedEmails } from './repeated-emails';
import { validateName } from './name';
import type { ValidationCode } from './validation-messages';
import { invalid, valid, type ValidationResult } from './validation-result';

export interface ParticipantFieldError {
  index: number;
  field: 'name' | 'email';
  code: ValidationCode;
}

export type ParticipantsValidation = { ok: true; value: ParticipantInput[] } | { ok: false; code: ValidationCode; fieldErrors: ParticipantFieldError[] };

/** Can one more participant be added to a list of `count` (initiator included)? */
export function canAddParticipant(count: number): boolean {
  return count < LIMITS.maxParticipants;
}

/** Is the participant count (initiator included) within 2..3? */
export function validateParticipantCount(count: number): ValidationResult<number> {
  if (count > LIMITS.maxParticipants) return invalid('participants_too_many');
  if (count < LIMITS.minParticipants) return invalid('participants_too_few');
  return valid(count);
}

/**
 * The whole participant list, initiator first: 2 or 3 entries, each a valid name and
 * e-mail. The initiator's empty fields use the initiator's message, the others' theirs.
 */
export function validateParticipants(input: unknown): ParticipantsValidation {
  if (!Array.isArray(input)) return { ok: false, code: 'participants_too_few', fieldErrors: [] };
  const count = validateParticipantCount(input.length);
  if (!count.ok) return { ok: false, code: count.code, fieldErrors: [] };

  const fieldErrors: ParticipantFieldError[] = [];
  const value: ParticipantInput[] = [];
  input.forEach((entry: unknown, index) => {
    const requiredCode: ValidationCode = index === 0 ? 'initiator_required' : 'participant_required';
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const name = validateName(record['name'], requiredCode);
    const email = validateEmail(record['email'], requiredCode);
    if (!name.ok) fieldErrors.push({ index, field: 'name', code: name.code });
    if (!email.ok) fieldErrors.push({ index, field: 'email', code: email.code });
    if (name.ok && email.ok) value.push({ name: name.value, email: email.value });
  });
  for (const index of repeatedEmails(value)) fieldErrors.push({ index, field: 'email', code: 'email_duplicate' });
  if (fieldErrors.length > 0) return { ok: false, code: fieldErrors[0].code, fieldErrors };
  return { ok: true, value };
}
