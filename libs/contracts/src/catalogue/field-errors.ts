import type * as z from 'zod';
import { isErrorCode, type ErrorCode } from '../errors';

/**
 * A request checked against its catalogue schema: the value, or a message per field (paths as
 * `participants[1].email`), with the error code when it is not plain `validation_failed` (an image
 * too large to read is `image_too_large`, a missing token `invalid_token`).
 */
export type RequestValidation<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; code?: ErrorCode };

export const BODY_NOT_AN_OBJECT = 'The request body must be a JSON object';

export function validateRequest<S extends z.ZodType>(schema: S, input: unknown): RequestValidation<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  let code: ErrorCode | undefined;
  for (const issue of parsed.error.issues.flatMap(matchingBranch)) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[fieldName([...issue.path, key])] ??= `Unknown field: ${key}`;
      continue;
    }
    fields[fieldName(issue.path)] ??= issue.message;
    const issueCode = issue.code === 'custom' ? issue.params?.['code'] : undefined;
    if (isErrorCode(issueCode)) code ??= issueCode;
  }
  return code ? { ok: false, fields, code } : { ok: false, fields };
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
