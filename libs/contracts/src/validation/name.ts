import { LIMITS } from '../limits';
import { exceedsTextBound, hasControlCharacters, hasDeceptiveCharacters, hasInvisibleCharacters, hasVisibleLetter, normalizeText, visibleLength } from './text';
import { invalid, valid, type ValidationResult } from './validation-result';
import type { ValidationCode } from './validation-messages';

/**
 * A person's name: required; 2 to 50 characters once trimmed; any script; at least one visible
 * letter; no control characters, bidirectional overrides, lone surrogates or invisible characters
 * (zero-width joiners only where a script or an emoji needs them). `requiredCode` is the
 * message the context uses for an empty value (the spec words it differently for the initiator and
 * for the other participants). A value too long to be a name is refused before it is normalised.
 */
export function validateName(input: unknown, requiredCode: ValidationCode = 'initiator_required'): ValidationResult<string> {
  if (typeof input !== 'string') return invalid(requiredCode);
  if (exceedsTextBound(input)) return invalid('name_invalid');
  const name = normalizeText(input);
  if (name.length === 0) return invalid(requiredCode);
  if (hasControlCharacters(input) || hasDeceptiveCharacters(input) || hasInvisibleCharacters(name) || !hasVisibleLetter(name)) return invalid('name_invalid');
  const length = visibleLength(name);
  if (length < LIMITS.nameMinLength || length > LIMITS.nameMaxLength) return invalid('name_invalid');
  return valid(name);
}
