import { type PipeTransform } from '@nestjs/common';
import { RPC_CATALOGUE, type RpcPayload, type RpcSubject, validateRequest } from '@idv/contracts/catalogue';
import { serviceError } from './service-error';

/**
 * Validates a `@MessagePattern` handler's payload with its subject's schema in the catalogue:
 * the handler gets the clean, typed value; a bad payload is answered `validation_failed` (or the
 * field's own code, e.g. `invalid_token`) with a message per field, and changes nothing.
 *
 *   handle(@Payload(new CataloguePayload(SUBJECTS.sessions.get)) query: RpcPayload<'sessions.get.v1'>)
 */
export class CataloguePayload<S extends RpcSubject> implements PipeTransform<unknown, RpcPayload<S>> {
  constructor(private readonly subject: S) {}

  transform(payload: unknown): RpcPayload<S> {
    const result = validateRequest(RPC_CATALOGUE[this.subject].request, payload);
    if (result.ok) return result.value as RpcPayload<S>;
    throw serviceError(result.code ?? 'validation_failed', Object.values(result.fields)[0] ?? 'Invalid request', result.fields, result.fieldCodes);
  }
}
