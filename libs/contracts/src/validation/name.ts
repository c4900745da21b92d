import { LIMITS } from '../limits';
import { hasControlCharacters, normalizeText, visibleLength } from './text';
import { invalid, valid, type ValidationResult } from './validation-result';
import type { ValidationCode } from './validation-messages';

/**
 * A person's name: required; 2 to 50 characters once trimmed; any script.
 * `requiredCode` is the message the context uses for an empty value (the spec
 * words it differently for the initiator and for the other participants).
 */
export function validateName(
  input: unknown,
  requiredCode: ValidationCode = 'initiator_required',
): ValidationResult<string> {
  if (typeof input !== 'string') return invalid(requiredCode);
  const name = normalizeText(input);
  if (name.length === 0) return invalid(requiredCode);
  if (hasControlCharacters(input)) return invalid('name_invalid');
  const length = visibleLength(name);
  if (length < LIMITS.nameMinLength || length > LIMITS.nameMaxLength) return invalid('name_invalid');
  return valid(name);
}
