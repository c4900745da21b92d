import type { ValidationCode } from './validation-messages';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; code: ValidationCode };

export function valid<T>(value: T): ValidationResult<T> {
  return { ok: true, value };
}

export function invalid<T = never>(code: ValidationCode): ValidationResult<T> {
  return { ok: false, code };
}
