import { LIMITS } from '../limits';
import { exceedsTextBound } from './text';
import { invalid, valid, type ValidationResult } from './validation-result';
import type { ValidationCode } from './validation-messages';

/** Text, an at sign, text, a dot and text, with no spaces (docs/product.md, "Rules"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(input: unknown, requiredCode: ValidationCode = 'initiator_required'): ValidationResult<string> {
  if (typeof input !== 'string') return invalid(requiredCode);
  if (exceedsTextBound(input)) return invalid('email_invalid');
  const email = input.trim();
  if (email.length === 0) return invalid(requiredCode);
  if (email.length > LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email)) return invalid('email_invalid');
  return valid(email);
}
