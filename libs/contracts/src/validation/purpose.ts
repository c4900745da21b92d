import { LIMITS } from '../limits';
import { exceedsTextBound, hasControlCharacters, hasDeceptiveCharacters, normalizeText, visibleLength } from './text';
import { invalid, valid, type ValidationResult } from './validation-result';

/** Why the session exists: required, at most 50 characters once trimmed, nothing that hides or reorders text. */
export function validatePurpose(input: unknown): ValidationResult<string> {
  if (typeof input !== 'string') return invalid('purpose_required');
  if (exceedsTextBound(input)) return invalid('purpose_too_long');
  const purpose = normalizeText(input);
  if (purpose.length === 0) return invalid('purpose_required');
  if (hasControlCharacters(input) || hasDeceptiveCharacters(input)) return invalid('purpose_invalid');
  if (visibleLength(purpose) > LIMITS.purposeMaxLength) return invalid('purpose_too_long');
  return valid(purpose);
}
