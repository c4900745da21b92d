import * as z from 'zod';
import { VALIDATION_MESSAGES, type ValidationCode } from '../validation/validation-messages';
import type { ValidationResult } from '../validation/validation-result';

/**
 * A product rule of `../validation` (the same functions the browser's forms use) as a zod string
 * field: the rule's own message and code for each failure (the code travels as `fieldCodes`, so
 * that a client words it in its own language), the rule's normalised value on success. A value
 * that is not text gets the rule's "required" message, as the rule itself would answer.
 */
export function ruleField<T>(validate: (input: string) => ValidationResult<T>, notText: ValidationCode) {
  return z.string({ error: VALIDATION_MESSAGES[notText] }).transform((value, context): T => {
    const result = validate(value);
    if (result.ok) return result.value;
    context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES[result.code], input: value, params: { rule: result.code } });
    return z.NEVER;
  });
}
