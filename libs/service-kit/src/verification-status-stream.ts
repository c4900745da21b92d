import { LIMITS, VERIFICATION_STATUS_STREAM } from '@idv/contracts';
import { type JetStreamManager, RetentionPolicy, type StreamConfig, StorageType, nanos } from 'nats';
import { type EnvVariable, envInteger } from './env';

const DAY_NS = nanos(24 * 60 * 60 * 1000);

/**
 * NATS_STREAM_REPLICAS of svc-sessions and svc-verification: on how many nodes of a JetStream
 * cluster the stream (and its consumer, which follows it) keeps every event. 1 for one NATS node
 * (`npm start`, docker-compose); 3 on a cluster of 3, where a node may go away without losing an
 * acknowledged event. Never more than the cluster's nodes: JetStream then refuses the stream.
 */
export const envStreamReplicas = (): EnvVariable<number> =>
  envInteger('on how many NATS nodes the verification status stream keeps each event (3 on a JetStream cluster of 3)', 1, { min: 1, max: 5 });

/**
 * Creates the verification status stream, or brings its configuration up to date. Called by the
 * publisher (svc-verification) and the consumer (svc-sessions) at start, whichever comes first.
 * Events carry no personal data and no images; they are kept no longer than the sessions they
 * belong to (LIMITS.retentionDays).
 */
export async function ensureVerificationStatusStream(jsm: JetStreamManager, replicas: number): Promise<void> {
  const config = {
    name: VERIFICATION_STATUS_STREAM.name,
    subjects: [...VERIFICATION_STATUS_STREAM.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    num_replicas: replicas,
    max_age: LIMITS.retentionDays * DAY_NS,
    // Publishers set the event id as the message id: a re-published event is stored once.
    duplicate_window: nanos(2 * 60 * 1000),
  };
  // Several instances start at once and each makes sure of the stream. On a JetStream cluster a
  // request made while another instance creates the replicated stream, or while the cluster is
  // still electing its leaders, may go unanswered (TIMEOUT) or find the name just taken: try
  // again, from the start, for up to STREAM_SETUP_TRIES_MS, before giving up.
  const until = Date.now() + STREAM_SETUP_TRIES_MS;
  for (let delay = 500; ; delay = Math.min(delay * 2, 4000)) {
    try {
      await createOrUpdate(jsm, config);
      return;
    } catch (error) {
      if (!/timeout|already in use|no suitable peers|jetstream not (enabled|available)/i.test(String((error as Error).message)) || Date.now() + delay > until)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

const STREAM_SETUP_TRIES_MS = 60_000;

async function createOrUpdate(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!/stream not found/i.test(String((error as Error).message))) throw error;
    await jsm.streams.add(config);
  }
}
