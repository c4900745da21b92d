import type { ErrorCode } from '../errors';
import { VALIDATION_MESSAGES, type ValidationCode } from '../validation/validation-messages';

/**
 * A request body checked field by field: the value, or a message per field, with the error code
 * when it is not plain `validation_failed` (an image too large to read is `image_too_large`, 413).
 */
export type RequestValidation<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; code?: ErrorCode };

export function fieldError(fields: Record<string, string>, field: string, code: ValidationCode): void {
  fields[field] ??= VALIDATION_MESSAGES[code];
}

/** Refuses fields the request does not define, and anything that is not a plain object. */
export function checkShape(body: unknown, allowed: readonly string[], fields: Record<string, string>): body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fields['body'] = 'The request body must be a JSON object';
    return false;
  }
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) fields[key] = `Unknown field: ${key}`;
  }
  return true;
}

export function result<T>(fields: Record<string, string>, value: () => T): RequestValidation<T> {
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: value() };
}
