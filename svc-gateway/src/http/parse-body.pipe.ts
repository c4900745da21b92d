import { type PipeTransform } from '@nestjs/common';
import type { RequestValidation } from '@idv/contracts';
import { ApiError, validationFailed } from '../errors/api-error';

/** Validates a body with a parser of libs/contracts: 400 (or the parser's code) with the field messages, or the clean value. */
export class ParseBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly parse: (body: unknown) => RequestValidation<T>) {}

  transform(body: unknown): T {
    const result = this.parse(body);
    if (!result.ok) {
      throw result.code ? new ApiError(result.code, Object.values(result.fields)[0] ?? 'Invalid request', result.fields) : validationFailed(result.fields);
    }
    return result.value;
  }
}
