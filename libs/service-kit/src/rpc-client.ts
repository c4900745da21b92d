import type { ClientProxy } from '@nestjs/microservices';
import type { RpcReply, RpcRequest, RpcSubject } from '@idv/contracts/catalogue';
import { firstValueFrom, timeout } from 'rxjs';

/**
 * Request/reply over NATS, typed by the catalogue: the payload must be the subject's request and
 * the answer is its reply, so a wrong payload does not compile. Each call gives up after
 * `timeoutMs` (rxjs TimeoutError); a service's `{ code, message }` error is thrown as it came.
 */
export class RpcClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs: number,
  ) {}

  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcReply<S>> {
    return firstValueFrom(this.proxy.send<RpcReply<S>, RpcRequest<S>>(subject, payload).pipe(timeout(this.timeoutMs)));
  }
}
