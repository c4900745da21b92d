/**
 * The head-turn part of `npm run report:liveness` (liveness-report.mjs): what enforcing
 * the head-turn decision would do to the people of this deployment's own traffic, from the records
 * svc-verification logs of each capture it measures (engine/liveness/head-turn-record.ts: words and
 * numbers, no personal data). docs/liveness.md says why: the evaluation's genuine captures are
 * rendered from photos, and only live people can say how many of them the decision refuses.
 *
 * A capture whose other checks passed (document, names, face) most likely came from a live person:
 * the share of those the decision refuses estimates BPCER. Attacks cannot be counted from traffic.
 * Lines that are not JSON, or not such a record, are skipped (a `docker compose logs` prefix before
 * the JSON is allowed). Advisory records hold every move's figures; an enforced check stops
 * measuring where its decision is known, so its record counts for the refusals, and for the
 * spreads only where every move was measured.
 */

import { logEntriesOf } from './log-entries.mjs';
import { spread } from './spread.mjs';

/** The head-turn records of log text, and how many captures were not measured (another was being measured). */
export function recordsOf(text) {
  const records = [];
  let notMeasured = 0;
  for (const entry of logEntriesOf(text)) {
    if (typeof entry.headTurns === 'object' && entry.headTurns !== null && typeof entry.headTurns.live === 'boolean') records.push(entry.headTurns);
    else if (typeof entry.msg === 'string' && entry.msg.startsWith('head turns not measured')) notMeasured++;
  }
  return { records, notMeasured };
}

/** The figures an operator weighs: refusals of captures whose other checks passed, by reason, and the weakest move's measures. */
export function summarise(records) {
  const passed = records.filter((record) => record.otherChecks === 'passed');
  const refused = passed.filter((record) => !record.live);
  const reasons = {};
  for (const { refusal = 'another_person' } of refused) reasons[refusal] = (reasons[refusal] ?? 0) + 1;
  const weakest = (field) =>
    passed.map((record) => Math.min(...record.moves.map((move) => move[field] ?? Number.NEGATIVE_INFINITY))).filter((value) => Number.isFinite(value));
  return {
    measured: records.length,
    otherChecksPassed: passed.length,
    refusedOfPassed: refused.length,
    reasons,
    weakestNoseShift: spread(weakest('noseShift')),
    weakestTurn: spread(weakest('turn')),
    weakestSqueeze: spread(weakest('squeeze')),
    weakestTextureSqueeze: spread(weakest('textureSqueeze')),
  };
}

/**
 * What each refusal says, and what it calls for (svc-verification head-turns.ts names them): a
 * refusal of a person the rule should have taken is a cost, and where to look differs by reason.
 */
const REASONS = {
  not_one_camera: "frames of different sizes: not one camera's",
  no_face: 'no face in the frames at the camera: the light or the framing before Capture',
  not_facing_camera: "a start turned away from the camera: the page's guidance before Capture",
  move_not_made: 'a move not made far enough: how far people turn when asked, against the server minimum',
  flat: "a move without a head's depth (its nose did not leave the face's plane, and its followed points squeezed as a picture's do, or kept their shape with the nose hardly off its plane): the thresholds, or turns too small to show depth",
  points_lost:
    "a move whose face points could not be followed to its last frame (too large or quick, a hand over the face, too dark), or were, but too few around the nose to read its shift and with the texture squeezed below the waiver's bound: the capture's guidance, not the rule",
  squeezed:
    "a move that squeezed the face along its axis further than a head's turn does, as its mesh or its followed points read it: the squeeze rule's bounds, a turn further than the page asks, or a camera that distorts the face's edges",
  another_person: "the head that made the moves is not the selfie's person",
};

/** The lines of the report's head-turn part. */
export function describeHeadTurns({ records, notMeasured }) {
  const figures = summarise(records);
  const lines = [`head-turn captures measured: ${figures.measured}${notMeasured ? ` (${notMeasured} more not measured: another was being measured)` : ''}`];
  if (figures.otherChecksPassed === 0) {
    lines.push('none came with a check whose other parts passed: nothing to estimate yet');
    return lines.join('\n');
  }
  const share = ((100 * figures.refusedOfPassed) / figures.otherChecksPassed).toFixed(1);
  const reasons = Object.entries(figures.reasons)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  lines.push(
    `whose other checks passed (most likely live people): ${figures.otherChecksPassed}`,
    `  the head-turn decision refused ${figures.refusedOfPassed} of them (${share} %)${reasons ? `: ${reasons}` : ''}`,
  );
  for (const reason of Object.keys(figures.reasons)) if (REASONS[reason]) lines.push(`    ${reason}: ${REASONS[reason]}`);
  const row = (name, s) => s && lines.push(`  ${name}: min ${s.min} · p5 ${s.p5} · p50 ${s.p50} · max ${s.max}`);
  row("weakest move's nose shift (face widths)", figures.weakestNoseShift);
  row("weakest move's turn (nose offset)", figures.weakestTurn);
  row('most squeezed move (1: no squeeze)', figures.weakestSqueeze);
  row("most squeezed move, read from the face's followed points", figures.weakestTextureSqueeze);
  lines.push('The target before enforcing (docs/liveness.md): at most 2 % refused, on enough captures to say so.');
  return lines.join('\n');
}
