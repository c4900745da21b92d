import { Injectable } from '@nestjs/common';
import { SUBJECTS, VERIFICATION_STATUS_STREAM, type VerificationStatusEvent, verificationStatusSubject } from '@idv/contracts';
import { EVENT_CATALOGUE } from '@idv/contracts/catalogue';
import { NatsConnectionProvider } from '@idv/service-kit';

/** How long a look-up in the stream may take before its answer counts as unknown. */
const LOOKUP_TIMEOUT_MS = 1000;

/** What the stream holds for a participant: its last result, none, or unknown (NATS cannot be asked now). */
export type PublishedResult = { event: VerificationStatusEvent } | { none: true } | { unknown: true };

/**
 * The results svc-verification published, as the JetStream stream holds them (30 days): the last
 * one of a participant, found by its subject (one message look-up, whatever the stream holds). A
 * result decided before its deadline can reach svc-sessions after it (the database away, the
 * service restarted): the deadline's decision asks here first, so that such a result is kept.
 */
@Injectable()
export class PublishedResults {
  constructor(private readonly connection: NatsConnectionProvider) {}

  async last(sessionId: string, participantId: string): Promise<PublishedResult> {
    try {
      const nats = await withTimeout(this.connection.get());
      // No check that JetStream is enabled first: the service's consumer made sure of it at start.
      const jsm = await nats.jetstreamManager({ timeout: LOOKUP_TIMEOUT_MS, checkAPI: false });
      const message = await jsm.streams.getMessage(VERIFICATION_STATUS_STREAM.name, { last_by_subj: verificationStatusSubject(sessionId, participantId) });
      const event = EVENT_CATALOGUE[SUBJECTS.events.verificationStatus].safeParse(message.json()).data;
      return event ? { event } : { none: true };
    } catch (error) {
      return /no message found/i.test(String((error as Error).message)) ? { none: true } : { unknown: true };
    }
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('NATS not reachable')), LOOKUP_TIMEOUT_MS)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
