import { LIMITS } from '../limits';
import { hasControlCharacters, normalizeText, visibleLength } from './text';
import { invalid, valid, type ValidationResult } from './validation-result';

/** Why the session exists: required, at most 50 characters once trimmed. */
export function validatePurpose(input: unknown): ValidationResult<string> {
  if (typeof input !== 'string') return invalid('purpose_required');
  const purpose = normalizeText(input);
  if (purpose.length === 0) return invalid('purpose_required');
  if (hasControlCharacters(input)) return invalid('purpose_invalid');
  if (visibleLength(purpose) > LIMITS.purposeMaxLength) return invalid('purpose_too_long');
  return valid(purpose);
}
