import { VERIFICATION_STATUS_STREAM } from '@idv/contracts';
import { type JetStreamManager, RetentionPolicy, StorageType, nanos } from 'nats';

const DAY_NS = nanos(24 * 60 * 60 * 1000);

/**
 * Creates the verification status stream, or brings its configuration up to date. Called by the
 * publisher (svc-verification) and the consumer (svc-sessions) at start, whichever comes first.
 * Events carry no personal data and no images; they are kept at most 30 days.
 */
export async function ensureVerificationStatusStream(jsm: JetStreamManager): Promise<void> {
  const config = {
    name: VERIFICATION_STATUS_STREAM.name,
    subjects: [...VERIFICATION_STATUS_STREAM.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: 30 * DAY_NS,
    // Publishers set the event id as the message id: a re-published event is stored once.
    duplicate_window: nanos(2 * 60 * 1000),
  };
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!/stream not found/i.test(String((error as Error).message))) throw error;
    await jsm.streams.add(config);
  }
}
