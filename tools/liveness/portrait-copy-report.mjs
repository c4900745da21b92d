/**
 * The portrait-copy part of `npm run report:liveness`: the scores svc-verification logs for each
 * check that found a face on the document and in the selfie (engine/liveness/portrait-copy.ts, a
 * record of a score, whether the other checks accepted the person, and how much of the selfie's
 * detail is at its finest scale, how strongly its edges lie on a grid and how sharply its steps
 * between pixels repeat; no personal data). The
 * evaluation has few people photographed twice (docs/liveness.md), so how high a live person's score
 * goes is best learnt from a deployment's own accepted people: the threshold must stay above them.
 */

import { logEntriesOf } from './log-entries.mjs';
import { spread } from './spread.mjs';

/** svc-verification's LIVENESS_PORTRAIT_COPY_MIN_SCORE by default. */
const DEFAULT_MIN_SCORE = 0.725;
/** A selfie's fine detail (svc-verification faces/face-detail.ts) below which the evaluation's enlarged copies fall (docs/liveness.md). */
const FINE_DETAIL_OF_COPIES = 0.3;
/** svc-verification's LIVENESS_PIXELATED_SELFIE_MIN_GRID by default (faces/block-grid.ts). */
const DEFAULT_MIN_GRID = 3;
/** svc-verification's LIVENESS_ENLARGED_SELFIE_MIN_TRACE by default (faces/resampling-trace.ts). */
const DEFAULT_MIN_TRACE = 4;

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
  const accepted = records.filter((r) => r.otherChecks === 'passed').map((r) => r.score);
  row('of people the other checks accepted (most likely live)', accepted);
  lines.push(
    `    at or above ${DEFAULT_MIN_SCORE} (LIVENESS_PORTRAIT_COPY_MIN_SCORE's default): ${accepted.filter((score) => score >= DEFAULT_MIN_SCORE).length}`,
  );
  row(
    'of checks that did not',
    records.filter((r) => r.otherChecks === 'failed').map((r) => r.score),
  );
  // how much of the selfie's detail is at its finest scale (faces/face-detail.ts): advisory, nothing decides on it
  const detail = records.filter((r) => r.otherChecks === 'passed' && typeof r.selfieFineDetail === 'number').map((r) => r.selfieFineDetail);
  if (detail.length > 0) {
    row("selfie's fine detail (advisory) of people the other checks accepted", detail);
    lines.push(
      `    below ${FINE_DETAIL_OF_COPIES} (the evaluation's copies made small and enlarged again smoothly are at most 0.22, with hard blocks or grain above 1; frames of live people at webcams at least 0.38): ${detail.filter((d) => d < FINE_DETAIL_OF_COPIES).length}`,
    );
  }
  // how strongly the selfie's edges lie on a grid (faces/block-grid.ts), which LIVENESS_PIXELATED_SELFIE decides on
  const grids = records.filter((r) => r.otherChecks === 'passed' && typeof r.selfieBlockGrid === 'number').map((r) => r.selfieBlockGrid);
  if (grids.length > 0) {
    row("selfie's block grid of people the other checks accepted", grids);
    lines.push(
      `    at or above ${DEFAULT_MIN_GRID} (LIVENESS_PIXELATED_SELFIE_MIN_GRID's default: refused as pixelated when enforced; the evaluation's frames of live people at webcams at most 2.5, its copies with hard blocks from 4.3): ${grids.filter((g) => g >= DEFAULT_MIN_GRID).length}`,
    );
  }
  // how sharply the selfie's steps between pixels repeat (faces/resampling-trace.ts), which LIVENESS_ENLARGED_SELFIE decides on
  const traces = records.filter((r) => r.otherChecks === 'passed' && typeof r.selfieResamplingTrace === 'number').map((r) => r.selfieResamplingTrace);
  if (traces.length > 0) {
    row("selfie's resampling trace of people the other checks accepted", traces);
    lines.push(
      `    at or above ${DEFAULT_MIN_TRACE} (LIVENESS_ENLARGED_SELFIE_MIN_TRACE's default: refused as enlarged when enforced; the evaluation's frames of live people at webcams at most 2.4): ${traces.filter((t) => t >= DEFAULT_MIN_TRACE).length}`,
    );
  }
  lines.push(
    'Enforced (LIVENESS_PORTRAIT_COPY, the default), a score at or above the threshold fails liveness_failed unless the capture showed a live head; the threshold must stay above the scores of people the other checks accept. The evaluation found copies of the card (cut out, pasted over a face) mostly above 0.8 (docs/liveness.md).',
  );
  return lines;
}
