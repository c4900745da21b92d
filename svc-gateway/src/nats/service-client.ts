import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { type ValidationCode, isErrorCode } from '@idv/contracts';
import type { RpcReply, RpcRequest, RpcSubject } from '@idv/contracts/catalogue';
import { RpcClient } from '@idv/service-kit';
import { TimeoutError } from 'rxjs';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { ApiError } from '../errors/api-error';
import { NATS_CLIENT } from './nats-client.token';

/**
 * Request/reply to the services over NATS, each call with a timeout. Failures become API errors:
 * a service's own `{ code, message }` keeps its code; nobody listening is 503; no answer in time is 504.
 */
@Injectable()
export class ServiceClient {
  private readonly rpc: RpcClient;

  constructor(@Inject(NATS_CLIENT) nats: ClientProxy, @Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.rpc = new RpcClient(nats, env.NATS_REQUEST_TIMEOUT_MS);
  }

  /** Typed by the catalogue: the subject's request in, its reply out. */
  async request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcReply<S>> {
    try {
      return await this.rpc.request(subject, payload);
    } catch (error) {
      throw toApiError(error);
    }
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof TimeoutError) return new ApiError('service_timeout', 'The service did not answer in time. Please try again.');
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  if (isErrorCode(record['code']) && typeof record['message'] === 'string') {
    return new ApiError(
      record['code'],
      record['message'],
      objectAt<Record<string, string>>(record, 'fields'),
      objectAt<Record<string, ValidationCode>>(record, 'fieldCodes'),
    );
  }
  const message = error instanceof Error ? error.message : typeof record['message'] === 'string' ? record['message'] : String(error);
  if (/MAX_PAYLOAD_EXCEEDED|max.payload/i.test(message)) {
    return new ApiError('payload_too_large', 'The images are too large together. Please use smaller photos.');
  }
  // "There are no subscribers listening to that message", a closed or refused connection: unavailable.
  return new ApiError('service_unavailable', 'The service is unavailable. Please try again later.');
}

/** A service error's object-valued member (`fields`, `fieldCodes`), when it has one. */
function objectAt<T>(record: Record<string, unknown>, key: string): T | undefined {
  const value = record[key];
  return typeof value === 'object' && value !== null ? (value as T) : undefined;
}
