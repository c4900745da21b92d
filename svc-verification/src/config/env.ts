import { LOG_LEVEL_DESCRIPTION, envChoice, envInteger, envParsed, envStreamReplicas, envString, envUrls, loadEnv } from '@idv/service-kit';
import { availableParallelism } from 'node:os';

/** A check keeps about one core busy (docs/benchmarks.md: about 1 s of CPU each, on all its threads). */
const CORES = Math.min(64, availableParallelism());

export const verificationEnvSpec = {
  LOG_LEVEL: envString(LOG_LEVEL_DESCRIPTION, 'info'),
  NATS_URL: envUrls('NATS server the service listens on, or the nodes of a cluster', ['nats'], 'nats://127.0.0.1:4222'),
  NATS_STREAM_REPLICAS: envStreamReplicas(),
  VERIFICATION_CONCURRENCY: envInteger(`checks one instance runs at once (default: the cores it may use, here ${CORES})`, CORES, { min: 1, max: 64 }),
  VERIFICATION_QUEUE_MAX: envInteger(
    `submissions one instance holds waiting at most; past this it answers busy (503) (default: 4 a core, here ${4 * CORES})`,
    4 * CORES,
    { min: 0, max: 1000 },
  ),
  VERIFICATION_QUEUE_WAIT_MAX_MS: envInteger(
    'longest a submission may be expected to wait for a free check slot, reckoned from how long the last checks took on this instance as busy as it is; past it, 503 (below CHECK_DEADLINE_MS of svc-sessions minus VERIFICATION_TIMEOUT_MS, so that a check taken can finish before its deadline)',
    45000,
    { min: 0, max: 3600000 },
  ),
  VERIFICATION_TIMEOUT_MS: envInteger('longest a check may run before it ends as failed (check_timeout)', 30000, { min: 1000, max: 600000 }),
  OCR_READ_MAX_MS: envInteger(
    'most CPU time one OCR read may spend; past it the read is stopped and the document counts as unreadable (a read waiting for a core past 4 times this is stopped as starved: service_busy)',
    4000,
    { min: 100, max: 600000 },
  ),
  LIVENESS_HEAD_TURNS: envChoice(
    'what the head-turn decision on a liveness capture does: advisory (measured and logged as numbers, decides nothing: its error rates are not yet within the targets, docs/liveness.md) or enforced (a capture that does not show a live head following the challenge, or shows another person than the selfie, fails liveness_failed)',
    ['advisory', 'enforced'] as const,
    'advisory',
  ),
  LIVENESS_PORTRAIT_COPY: envChoice(
    "what the portrait-copy score decides (docs/liveness.md): enforced (a selfie whose face copies the document's portrait detail for detail, at LIVENESS_PORTRAIT_COPY_MIN_SCORE or above, fails liveness_failed unless its head-turn capture shows the selfie's person live) or advisory (measured and logged only)",
    ['advisory', 'enforced'] as const,
    'enforced',
  ),
  LIVENESS_PORTRAIT_COPY_MIN_SCORE: envParsed(
    "the portrait-copy score (correlation of the aligned faces' fine detail, -1 to 1) from which a selfie counts as a copy of the document's portrait: chosen on the evaluation's tuning split, between two photos of one person (at most 0.67) and portraits cut from the card (from 0.78)",
    (raw) => {
      const value = Number(raw);
      if (!(value > 0 && value <= 1)) throw new Error('out of range: above 0, at most 1');
      return value;
    },
    0.725,
  ),
  LIVENESS_PIXELATED_SELFIE: envChoice(
    "what the block-grid measure decides (docs/liveness.md): enforced (a selfie whose face's edges lie on a regular grid, at LIVENESS_PIXELATED_SELFIE_MIN_GRID or above, as a picture pixelated with its blocks left hard shows and no camera's frame does, fails liveness_failed) or advisory (measured and logged only)",
    ['advisory', 'enforced'] as const,
    'enforced',
  ),
  LIVENESS_PIXELATED_SELFIE_MIN_GRID: envParsed(
    "the block grid (the mean step between pixels on a grid's lines over that between them, 1 or more) from which a selfie counts as pixelated: chosen on the evaluation's tuning split, between frames of live people at webcams (at most 2.5) or genuine selfies saved again down to JPEG quality 10 (at most 2.5) and copies pixelated with hard blocks (from 4.3)",
    (raw) => {
      const value = Number(raw);
      if (!(value > 1 && value <= 100)) throw new Error('out of range: above 1, at most 100');
      return value;
    },
    3,
  ),
  LIVENESS_ENLARGED_SELFIE: envChoice(
    "what the resampling-trace measure decides (docs/liveness.md): enforced (a selfie whose face's steps between pixels repeat at one period of 6 to 24 pixels, at LIVENESS_ENLARGED_SELFIE_MIN_TRACE or above, as a picture enlarged from a much smaller one shows however smoothly and no camera's frame does, fails liveness_failed) or advisory (measured and logged only)",
    ['advisory', 'enforced'] as const,
    'enforced',
  ),
  LIVENESS_ENLARGED_SELFIE_MIN_TRACE: envParsed(
    "the resampling trace (how much stronger the face's steps repeat at one period than at the periods near it, 1 or more) from which a selfie counts as enlarged: chosen on frames of live people at webcams, photographs brought to a camera's size, and the evaluation's tuning selfies saved again down to JPEG quality 10 (docs/liveness.md)",
    (raw) => {
      const value = Number(raw);
      if (!(value > 1 && value <= 100)) throw new Error('out of range: above 1, at most 100');
      return value;
    },
    4,
  ),
  OCR_CHECK_MAX_MS: envInteger('most OCR CPU time one check may spend over all its reads; then it reads no more', 8000, { min: 100, max: 600000 }),
  FACE_MATCH_MAX_NORMALIZED_DISTANCE: envParsed(
    "largest distance between the document portrait and the selfie, in spreads of each face's distances to a cohort of strangers (negative: nearer than strangers), that counts as the same person (calibrated, docs/face-threshold.md)",
    (raw) => {
      const value = Number(raw);
      if (!(value > -20 && value < 0)) throw new Error('out of range: between -20 and 0');
      return value;
    },
    -3.35,
  ),
  VERIFICATION_SHUTDOWN_GRACE_MS: envInteger(
    'on SIGTERM, how long the checks in hand may take to finish and publish their results before the process exits anyway',
    25000,
    { min: 0, max: 600000 },
  ),
  SESSIONS_TIMEOUT_MS: envInteger('how long to wait for svc-sessions', 5000, { min: 100, max: 60000 }),
};

export type VerificationEnv = ReturnType<typeof loadVerificationEnv>;

export function loadVerificationEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(verificationEnvSpec, source);
}

export const VERIFICATION_ENV = Symbol('VERIFICATION_ENV');
