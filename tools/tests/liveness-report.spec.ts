import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const report = path.resolve(__dirname, '../liveness/liveness-report.mjs');

/** A line of svc-verification's log as pino writes it, with a head-turn record (engine/liveness/head-turn-record.ts). */
const line = (headTurns: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1, service: 'svc-verification', context: 'AiVerificationEngine', headTurns, msg: 'head turns live (advisory)' });
const moves = (noseShifts: number[], turn = 0.2) =>
  noseShifts.map((noseShift, index) => ({ move: ['turn_left', 'look_up', 'turn_right'][index], turn, noseShift }));

const log = [
  line({ mode: 'advisory', otherChecks: 'passed', live: true, moves: moves([0.02, 0.03, 0.025]), ms: 800 }),
  line({ mode: 'advisory', otherChecks: 'passed', live: true, moves: moves([0.04, 0.016, 0.05]), ms: 790 }),
  line({ mode: 'advisory', otherChecks: 'passed', live: false, refusal: 'flat', moves: moves([0.01, 0.03, 0.03]), ms: 810 }),
  line({ mode: 'advisory', otherChecks: 'passed', live: false, refusal: 'move_not_made', moves: moves([0.02, 0.03, 0.03], 0.05), ms: 700 }),
  line({
    mode: 'advisory',
    otherChecks: 'passed',
    live: false,
    refusal: 'points_lost',
    moves: [...moves([0.02, 0.03]), { move: 'turn_right', turn: 0.4, noseShift: null }],
    ms: 760,
  }),
  line({
    mode: 'advisory',
    otherChecks: 'passed',
    live: false,
    refusal: 'squeezed',
    moves: moves([0.02, 0.03, 0.03]).map((move, index) => ({ ...move, squeeze: [0.96, 0.71, 0.9][index], textureSqueeze: [0.93, 0.64, 0.88][index] })),
    ms: 780,
  }),
  // an attack, or a person the other checks refused: not counted against the decision
  line({ mode: 'advisory', otherChecks: 'failed', live: false, refusal: 'flat', moves: moves([0.001, 0.002, 0.001]), ms: 650 }),
  JSON.stringify({ level: 30, service: 'svc-verification', msg: 'head turns not measured (advisory; another capture is being measured)' }),
  JSON.stringify({ level: 30, service: 'svc-verification', msg: 'check done in 900 ms: verified' }),
  // portrait-copy records (engine/liveness/portrait-copy.ts): three people the other checks accepted (one of
  // them at a copy's score, kept by a live head or refused for it), one check they failed
  JSON.stringify({ level: 30, service: 'svc-verification', portraitCopy: { score: 0.81, otherChecks: 'passed' }, msg: 'portrait copy measured' }),
  JSON.stringify({
    level: 30,
    service: 'svc-verification',
    portraitCopy: { score: 0.31, otherChecks: 'passed', selfieFineDetail: 0.45, selfieBlockGrid: 1.42, selfieResamplingTrace: 1.8 },
    msg: 'portrait copy measured',
  }),
  JSON.stringify({
    level: 30,
    service: 'svc-verification',
    portraitCopy: { score: 0.52, otherChecks: 'passed', selfieFineDetail: 0.18, selfieBlockGrid: 3.5, selfieResamplingTrace: 5.2 },
    msg: 'portrait copy measured',
  }),
  JSON.stringify({
    level: 30,
    service: 'svc-verification',
    portraitCopy: { score: 0.96, otherChecks: 'failed', selfieFineDetail: 0.1, selfieBlockGrid: 7.2, selfieResamplingTrace: 9.1 },
    msg: 'portrait copy measured',
  }),
  'svc-verification-1  | not json at all',
].join('\n');

/** `npm run report:liveness`: what enforcing would refuse of a deployment's own traffic, from its log. */
describe('the liveness report of a live log', () => {
  it('estimates the refusals among captures whose other checks passed, by reason, from a log on stdin', () => {
    const out = execFileSync('node', [report], { input: log, encoding: 'utf8' });
    expect(out).toContain('head-turn captures measured: 7 (1 more not measured: another was being measured)');
    expect(out).toContain('whose other checks passed (most likely live people): 6');
    expect(out).toContain('the head-turn decision refused 4 of them (66.7 %): flat 1, move_not_made 1, points_lost 1, squeezed 1');
    expect(out).toContain("squeezed: a move that squeezed the face along its axis further than a head's turn does");
    // only records that carry the squeeze count for its spread (those logged before it was measured do not)
    expect(out).toContain('most squeezed move (1: no squeeze): min 0.71 · p5 0.71 · p50 0.71 · max 0.71');
    // and so for the squeeze read from the face's followed points (records before 2026-12-05 do not carry it)
    expect(out).toContain("most squeezed move, read from the face's followed points: min 0.64 · p5 0.64 · p50 0.64 · max 0.64");
    // each reason present, with what it calls for: points lost are the capture's to fix, not the rule's
    expect(out).toContain(
      "points_lost: a move whose face points could not be followed to its last frame (too large or quick, a hand over the face, too dark), or were, but too few around the nose to read its shift and with the texture squeezed below the waiver's bound: the capture's guidance, not the rule",
    );
    expect(out).toContain("flat: a move without a head's depth");
    expect(out).not.toContain('not_facing_camera:');
    expect(out).toContain("weakest move's nose shift (face widths): min 0.01 · p5 0.01 · p50 0.02 · max 0.02");
    // the portrait-copy scores, accepted people apart: how high a live person's score goes, and how many reach the threshold
    expect(out).toContain('portrait-copy scores logged: 4');
    expect(out).toContain('of people the other checks accepted (most likely live): 3, min 0.31 · p50 0.52 · p95 0.81 · max 0.81');
    expect(out).toContain("at or above 0.725 (LIVENESS_PORTRAIT_COPY_MIN_SCORE's default): 1");
    expect(out).toContain('of checks that did not: 1, min 0.96');
    // the selfie's fine detail, of accepted people only, and how many are where enlarged copies are
    expect(out).toContain("selfie's fine detail (advisory) of people the other checks accepted: 2, min 0.18");
    expect(out).toContain('below 0.3 (');
    expect(out).toMatch(/frames of live people at webcams at least 0\.38\): 1\n/);
    // the selfie's block grid, of accepted people only, and how many the pixelated-selfie rule would refuse
    expect(out).toContain("selfie's block grid of people the other checks accepted: 2, min 1.42");
    expect(out).toMatch(/LIVENESS_PIXELATED_SELFIE_MIN_GRID's default: .*: 1\n/);
    // the selfie's resampling trace, of accepted people only, and how many the enlarged-selfie rule would refuse
    expect(out).toContain("selfie's resampling trace of people the other checks accepted: 2, min 1.8");
    expect(out).toMatch(/LIVENESS_ENLARGED_SELFIE_MIN_TRACE's default: .*: 1\n/);
  });

  it('reads log files too, with a compose prefix before each JSON line, and says when there is nothing to estimate', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-report-'));
    try {
      const file = path.join(folder, 'svc-verification.log');
      fs.writeFileSync(file, `svc-verification-1  | ${line({ mode: 'enforced', otherChecks: 'passed', live: true, moves: moves([0.03, 0.03, 0.03]) })}\n`);
      expect(execFileSync('node', [report, file], { encoding: 'utf8' })).toContain('the head-turn decision refused 0 of them (0.0 %)');
      fs.writeFileSync(file, 'nothing here\n');
      const empty = execFileSync('node', [report, file], { encoding: 'utf8' });
      expect(empty).toContain('nothing to estimate yet');
      expect(empty).toContain('portrait-copy scores logged: 0');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
