import { SUBJECTS } from '@idv/contracts';
import { answerAsNestService } from '@idv/test-kit';
import type { NatsConnection, Subscription } from 'nats';

/** What svc-sessions says of a token: it holds the place, the place moved to another device, or it holds nothing. */
export type PlaceAnswer = 'held' | 'moved' | 'invalid';

/**
 * svc-sessions' `sessions.place` on the real NATS, in NestJS' wire format, answering as `answer`
 * says for each participant id and token; the gateway asks it before reading a submission's body.
 */
export function placeStandIn(nats: NatsConnection, answer: (participantId: string, token: string) => PlaceAnswer): Subscription {
  return answerAsNestService<{ participantId?: string; token?: string } | undefined>(nats, SUBJECTS.sessions.place, (data) => {
    const said = answer(data?.participantId ?? '', data?.token ?? '');
    if (said === 'held') return { response: { held: true } };
    if (said === 'moved') return { err: { code: 'place_moved', message: 'This place moved to another device' } };
    return { err: { code: 'invalid_token', message: 'This token holds no place in this session' } };
  });
}
