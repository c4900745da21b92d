import { type PipeTransform } from '@nestjs/common';
import { validateRequest } from '@idv/contracts/catalogue';
import type * as z from 'zod';
import { ApiError, validationFailed } from '../errors/api-error';

/** Validates a body with its catalogue schema: 400 (or the field's code) with the field messages and rule codes, or the clean value. */
export class ParseBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(body: unknown): z.output<S> {
    const result = validateRequest(this.schema, body);
    if (!result.ok) {
      throw result.code
        ? new ApiError(result.code, Object.values(result.fields)[0] ?? 'Invalid request', result.fields, result.fieldCodes)
        : validationFailed(result.fields, result.fieldCodes);
    }
    return result.value;
  }
}
