import { type PipeTransform } from '@nestjs/common';
import type { RequestValidation } from '@idv/contracts';
import { validationFailed } from '../errors/api-error';

/** Validates a body with a parser of libs/contracts: 400 with the field messages, or the clean value. */
export class ParseBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly parse: (body: unknown) => RequestValidation<T>) {}

  transform(body: unknown): T {
    const result = this.parse(body);
    if (!result.ok) throw validationFailed(result.fields);
    return result.value;
  }
}
