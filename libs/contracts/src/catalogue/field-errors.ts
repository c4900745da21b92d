import type * as z from 'zod';
import { isErrorCode, type ErrorCode } from '../errors';
import { type ValidationCode, isValidationCode } from '../validation/validation-messages';

/**
 * A request checked against its catalogue schema: the value, or a message per field (paths as
 * `participants[1].email`) and, for a field that broke one of the product's rules, that rule's code
 * (`fieldCodes`); with the error code when it is not plain `validation_failed` (an image too large
 * to read is `image_too_large`, a missing token `invalid_token`).
 */
export type RequestValidation<T> =
  { ok: true; value: T } | { ok: false; fields: Record<string, string>; fieldCodes?: Record<string, ValidationCode>; code?: ErrorCode };

export const BODY_NOT_AN_OBJECT = 'The request body must be a JSON object';

export function validateRequest<S extends z.ZodType>(schema: S, input: unknown): RequestValidation<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  const fieldCodes: Record<string, ValidationCode> = {};
  let code: ErrorCode | undefined;
  for (const issue of parsed.error.issues.flatMap(matchingBranch)) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[fieldName([...issue.path, key])] ??= `Unknown field: ${key}`;
      continue;
    }
    const issueCode = issue.code === 'custom' ? issue.params?.['code'] : undefined;
    if (isErrorCode(issueCode)) code ??= issueCode;
    // A field's first issue is the one it is told: its message, and the rule it broke if one did.
    const field = fieldName(issue.path);
    if (fields[field] !== undefined) continue;
    fields[field] = issue.message;
    const rule = issue.code === 'custom' ? issue.params?.['rule'] : undefined;
    if (isValidationCode(rule)) fieldCodes[field] = rule;
  }
  return { ok: false, fields, ...(Object.keys(fieldCodes).length > 0 ? { fieldCodes } : {}), ...(code ? { code } : {}) };
}

/**
 * A value that fits none of a union's kinds (`proofOfLife`: text or a capture) is answered with
 * the issues of the kind of value it is, when exactly one kind is: a capture whose third frame is
 * too large says so, at `proofOfLife.frames[2].image`, not "is neither text nor a capture".
 */
function matchingBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || !Array.isArray(issue.errors)) return [issue];
  const sameKind = issue.errors.filter((branch) => !branch.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
  if (sameKind.length !== 1) return [issue];
  return sameKind[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** `['participants', 1, 'email']` as `participants[1].email`; the request itself as `body`. */
function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
}

/** Options for a request object: its own message when the body is not an object at all. */
export const REQUEST_OBJECT = { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? BODY_NOT_AN_OBJECT : undefined) };
