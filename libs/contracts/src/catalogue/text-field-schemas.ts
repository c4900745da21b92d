import { LIMITS } from '../limits';
import { EMAIL_PATTERN } from '../validation/email';

/**
 * The text rules of ../validation (names, e-mails, purposes) as the OpenAPI document states them:
 * JSON Schema patterns (ECMA-262, Unicode) and lengths, so that a client or a fuzzer that follows
 * the document sends what the server takes. A pattern cannot count graphemes, collapse spaces or see
 * where a zero-width joiner belongs, so each states the common form, and every string it matches
 * (within the lengths) is taken by the rule (text-field-schemas.spec.ts); the rule also takes
 * more than the pattern says: spaces around the text and runs of them, combining marks, joiners
 * inside the words of scripts that need them and in emoji.
 */

/** The blank "letters" and symbol of Hangul and Braille, which show nothing (validation/text.ts refuses them in names). */
const NOT_BLANK = '(?![\\u115f\\u1160\\u3164\\uffa0\\u2800])';

/** A visible character of a name or a purpose: a letter, a digit, punctuation or a symbol. */
const VISIBLE = `(?:${NOT_BLANK}[\\p{L}\\p{N}\\p{P}\\p{S}])`;
const LETTER = `(?:${NOT_BLANK}\\p{L})`;

/** Words of visible characters, one space between them, one of them holding a letter. */
export const NAME_SCHEMA_PATTERN = `^(?:${VISIBLE}+ )*${VISIBLE}*${LETTER}${VISIBLE}*(?: ${VISIBLE}+)*$`;

/** Words of visible characters, one space between them. */
export const PURPOSE_SCHEMA_PATTERN = `^${VISIBLE}+(?: ${VISIBLE}+)*$`;

export const NAME_FIELD_SCHEMA = {
  pattern: NAME_SCHEMA_PATTERN,
  minLength: LIMITS.nameMinLength,
  maxLength: LIMITS.nameMaxLength,
} as const;

export const EMAIL_FIELD_SCHEMA = { pattern: EMAIL_PATTERN.source, maxLength: LIMITS.emailMaxLength } as const;

export const PURPOSE_FIELD_SCHEMA = { pattern: PURPOSE_SCHEMA_PATTERN, maxLength: LIMITS.purposeMaxLength } as const;
