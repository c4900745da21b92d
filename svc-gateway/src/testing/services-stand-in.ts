import type { RpcReply, RpcRequest, RpcSubject } from '@idv/contracts/catalogue';
import { type Observable, defer, throwError } from 'rxjs';

type Answer<S extends RpcSubject> = (payload: RpcRequest<S>) => RpcReply<S> | Promise<RpcReply<S>>;

/**
 * svc-sessions and svc-verification as the gateway's NATS client sees them, in memory, for unit
 * tests: each subject answers as the test says (a reply, or a thrown `{ code, message }` as a
 * service answers an error); a subject nobody answers is refused as NATS refuses it when no service
 * listens. Every call is kept, so a test can say that a refused request reached no service.
 */
export class ServicesStandIn {
  readonly calls: { subject: string; payload: unknown }[] = [];
  private readonly answers = new Map<string, (payload: unknown) => unknown>();

  answer<S extends RpcSubject>(subject: S, answer: Answer<S>): this {
    this.answers.set(subject, answer as (payload: unknown) => unknown);
    return this;
  }

  /** The one method of NestJS' ClientProxy the gateway calls (RpcClient). */
  send<R>(subject: string, payload: unknown): Observable<R> {
    this.calls.push({ subject, payload });
    const answer = this.answers.get(subject);
    if (!answer) return throwError(() => new Error(`There are no subscribers listening to that message ("${subject}")`));
    return defer(async () => (await answer(payload)) as R);
  }

  async connect(): Promise<void> {}
  async close(): Promise<void> {}
}
