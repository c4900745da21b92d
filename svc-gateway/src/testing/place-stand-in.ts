import { SUBJECTS } from '@idv/contracts';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';

/** What svc-sessions says of a token: it holds the place, the place moved to another device, or it holds nothing. */
export type PlaceAnswer = 'held' | 'moved' | 'invalid';

const codec = JSONCodec<{ id?: string; data?: { participantId?: string; token?: string } }>();

/**
 * svc-sessions' `sessions.place` on the real NATS, in NestJS' wire format, answering as `answer`
 * says for each participant id and token; the gateway asks it before reading a submission's body.
 */
export function placeStandIn(nats: NatsConnection, answer: (participantId: string, token: string) => PlaceAnswer): Subscription {
  const subscription = nats.subscribe(SUBJECTS.sessions.place);
  void (async () => {
    for await (const message of subscription) {
      const { id, data } = codec.decode(message.data);
      const said = answer(data?.participantId ?? '', data?.token ?? '');
      const reply =
        said === 'held'
          ? { id, response: { held: true }, isDisposed: true }
          : said === 'moved'
            ? { id, err: { code: 'place_moved', message: 'This place moved to another device' }, isDisposed: true }
            : { id, err: { code: 'invalid_token', message: 'This token holds no place in this session' }, isDisposed: true };
      message.respond(JSONCodec().encode(reply));
    }
  })();
  return subscription;
}
