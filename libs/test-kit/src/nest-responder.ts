import { JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';

/** What a NestJS service answers a request with: a response, or an error with its code. */
export type NestAnswer = { response: unknown } | { err: { code: string; message: string } };

const codec = JSONCodec<{ id?: string; data?: unknown }>();

/**
 * A stand-in for a NestJS service on a real NATS subject, speaking NestJS' NATS wire format: each request's payload is
 * handed to `answer` (with the raw message), and what it returns goes back under the request's id.
 */
export function answerAsNestService<T = unknown>(nats: NatsConnection, subject: string, answer: (data: T, message: Msg) => NestAnswer): Subscription {
  const subscription = nats.subscribe(subject);
  void (async () => {
    for await (const message of subscription) {
      const { id, data } = codec.decode(message.data);
      message.respond(JSONCodec().encode({ id, ...answer(data as T, message), isDisposed: true }));
    }
  })();
  return subscription;
}
