import type { VerificationStatusEvent } from '@idv/contracts';
import type { NatsConnectionProvider } from '@idv/service-kit';
import { loadVerificationEnv } from '../config/env';
import { StatusPublisher } from './status-publisher';

/** The publisher with a JetStream that fails a given number of times before it acknowledges. */
function publisherFailing(times: number) {
  const calls: unknown[] = [];
  const connection = { get: async () => ({ jetstream: () => jetstream }) } as unknown as NatsConnectionProvider;
  const jetstream = {
    publish: async (...args: unknown[]) => {
      calls.push(args);
      if (calls.length <= times) throw new Error('503 no responders');
      return { seq: 1 };
    },
  };
  const publisher = new StatusPublisher(connection, loadVerificationEnv({}));
  return { publisher, calls };
}

const event: VerificationStatusEvent = {
  eventId: 'a7f3c2e4-1111-4222-8333-444455556666',
  sessionId: '0123456789AB',
  participantId: 'A'.repeat(22),
  decision: 'verified',
  reasons: [],
  decidedAt: new Date().toISOString(),
};

describe('StatusPublisher', () => {
  it('keeps publishing until JetStream acknowledges, with the event id as message id', async () => {
    const { publisher, calls } = publisherFailing(3);
    await expect(publisher.publish(event, Date.now() + 30_000)).resolves.toBeUndefined();
    expect(calls).toHaveLength(4);
    // On the participant's own subject: svc-sessions finds a participant's last result by it.
    expect(calls[3]).toEqual([
      'events.verification.status.v1.0123456789AB.' + 'A'.repeat(22),
      expect.any(Uint8Array),
      expect.objectContaining({ msgID: event.eventId }),
    ]);
  }, 15_000);

  it('gives up with the last error once the deadline would pass', async () => {
    const { publisher, calls } = publisherFailing(Infinity);
    const started = Date.now();
    await expect(publisher.publish(event, Date.now() + 1500)).rejects.toThrow('503 no responders');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(calls.length).toBeGreaterThan(1);
  });
});
