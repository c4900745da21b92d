/**
 * The portrait-copy part of `npm run report:liveness`: the scores svc-verification logs for each
 * check that found a face on the document and in the selfie (engine/liveness/portrait-copy.ts, a
 * record of a score and whether the check verified the person; no personal data). docs/liveness.md
 * says why: the evaluation has few people photographed twice, so how high a live person's score goes
 * is learnt from a deployment's own verified people, before any threshold decides on it.
 */

import { logEntriesOf } from './log-entries.mjs';
import { spread } from './spread.mjs';

/** The portrait-copy records of log text (a `docker compose logs` prefix before the JSON is allowed). */
export function portraitCopyRecordsOf(text) {
  return logEntriesOf(text)
    .map((entry) => entry.portraitCopy)
    .filter((record) => record && typeof record.score === 'number' && (record.otherChecks === 'passed' || record.otherChecks === 'failed'));
}

/** The lines of the report: the scores of verified people (most likely live), and of the others. */
export function describePortraitCopies(records) {
  const lines = [`portrait-copy scores logged: ${records.length}`];
  if (records.length === 0) return lines;
  const row = (name, scores) => {
    const s = spread(scores);
    lines.push(s ? `  ${name}: ${scores.length}, min ${s.min} · p50 ${s.p50} · p95 ${s.p95} · max ${s.max}` : `  ${name}: none`);
  };
  row(
    'of checks that verified the person (most likely live)',
    records.filter((r) => r.otherChecks === 'passed').map((r) => r.score),
  );
  row(
    'of checks that did not',
    records.filter((r) => r.otherChecks === 'failed').map((r) => r.score),
  );
  lines.push(
    'Advisory: nothing decides on it. A threshold must stay above the scores of verified people; the evaluation found copies of the card (cut out, pasted over a face, the card held up) mostly above 0.8 (docs/liveness.md).',
  );
  return lines;
}
