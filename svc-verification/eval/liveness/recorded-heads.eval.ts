import { CAPTURE_TIMING, LIMITS, LIVENESS_MOVES, type LivenessMove, MOVE_AXIS, MOVE_GUIDE_TURN, turnToward } from '@idv/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { dataUrlOf } from '@idv/id-fixtures';
import sharp from 'sharp';
import { FaceModel } from '../../src/engine/faces/face-model';
import { checkImage } from '../../src/engine/images/image-input';
import type { Mesh } from '../../src/engine/liveness/head-pose';
import { HeadTurnLiveness, depthReadingOf, grayFrameOf } from '../../src/engine/liveness/head-turn-liveness';
import { HEAD_TURN_THRESHOLDS } from '../../src/engine/liveness/head-turn-thresholds';
import { type HeadTurnRefusal, facesTheCamera, moveMade, movesSeen, showsDepth, turnedTheMinimum } from '../../src/engine/liveness/head-turns';
import { type GrayFrame, SurfaceMotion } from '../../src/engine/liveness/surface-motion';
import { drawnChallenge, seedOf, seeded } from './capture-sequences';
import { FRAMES_PER_SECOND, RECORDINGS, RECORDING_SPLITS, type Recording, chosenRecordings, recordingFrames } from './recorded-heads';
import { quantile, spread } from '../report-figures';
import { LEAST_MOVES_SHOWING_A_HEAD, MOVE_READINGS, READINGS, liveByTwoMoves, showsAHead, sortedShifts } from './moves-together';
import { squeezeOf } from '../../src/engine/liveness/foreshortening';

/**
 * `npm run eval:liveness` (and `eval:verification`): the head-turn decision on recordings of live
 * people (recorded-heads.ts), the only live heads here; nothing was tuned on them (the decision's
 * thresholds were set on rendered heads, docs/liveness.md). The people in them follow no challenge,
 * so two things are measured:
 * - **moves a live head made**: every time the head, from a frame that faces the camera (the start
 *   rule), turned far enough toward a side within 2.5 s (the time from Capture to the end of the
 *   capture's first move) to count as that move made, its frames are taken as the capture takes a
 *   move's (at 12.5, 25, 35, 45, 60, 75, 87.5 and 100 % of the way, here to the frame that went
 *   furthest, judged at 45, 75 and 100 %, the others for the flow alone), and the decision's own
 *   measure says whether a head, not a picture, made it (the nose's shift off the
 *   face's plane, surface-motion.ts). A capture passes when each of its three moves does: this is
 *   the BPCER the flatness rule gives live heads, move by move, by how far they turned;
 * - **a recording replayed** (the attack kind "video on a screen", here at its hardest: the frames
 *   as the camera took them, with no screen's marks): the recording from a moment every 2 s, taken
 *   on the capture's timeline (@idv/contracts CAPTURE_TIMING, the page's: at the camera at 0 and
 *   0.3 s, each move shown for 1.8 s from 0.7 s and taken at 12.5 to 100 % of it), sent for a
 *   challenge drawn as svc-sessions draws one, and decided as a check decides it. Only the
 *   challenge can refuse it: the head in it is live.
 * Writes .data/eval/recorded-heads-report.md and recorded-heads-results.json. EVAL_RECORDINGS=cap12 limits
 * the run to recordings.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');

/** From a start at the camera to the end of the capture's first move (0.7 s + 1.8 s). */
const MOVE_WINDOW_S = (CAPTURE_TIMING.firstMoveAtMs + CAPTURE_TIMING.moveMs) / 1000;
const REPLAY_EVERY_S = 2;
interface MoveResult {
  recording: string;
  move: LivenessMove;
  /** From the start at the camera to the frame that went furthest, in the recording's time. */
  atS: number;
  toS: number;
  turn: number;
  /** The other axis' shift against the asked one's, as the decision reads it (head-turns.ts' MoveSeen.offAxis), over the move's judged frames. */
  offAxis?: number;
  /**
   * Absent when too few of the face's points were followed to measure it (around the nose, or to the
   * move's last frame): the decision then goes by the texture's squeeze where the points were
   * followed to the last frame, and else refuses it (points_lost).
   */
  noseShift?: number;
  /** The face's points followed from the start to the move's last frame. */
  points: number;
  /** How much the move squeezed the face along its axis, in its frames taken (foreshortening.ts). */
  squeeze?: number;
  /** The same read from the face's points followed through those frames (foreshortening.ts' textureSqueezeOf). */
  textureSqueeze?: number;
  /** The face's points were followed to the move's last frame (the texture's squeeze read at every frame). */
  followedThrough?: boolean;
}

interface ReplayResult {
  recording: string;
  atS: number;
  moves: LivenessMove[];
  live: boolean;
  refusal?: HeadTurnRefusal;
  /** Taken by "two moves of three" (moves-together.ts' `liveByTwoMoves`, not the decision). */
  twoOfThree: boolean;
  /** Each move as far as the check measured it: its turn toward the asked side, its nose shift and its squeeze (mesh and points). */
  seen: { move: LivenessMove; turn: number; offAxis?: number; noseShift?: number; squeeze?: number; textureSqueeze?: number }[];
}

it('evaluates the head-turn decision on recordings of live people', async () => {
  const faces = new FaceModel();
  await faces.load();
  const surface = new SurfaceMotion();
  const headTurns = new HeadTurnLiveness(faces, surface);
  const moves: MoveResult[] = [];
  const replays: ReplayResult[] = [];
  try {
    for (const recording of chosenRecordings()) {
      const frames = await recordingFrames(recording, path.join(OUT, 'sources'));
      const meshes = new Map<number, Mesh | undefined>();
      const meshOf = async (index: number) => {
        if (!meshes.has(index)) {
          const [face] = await faces.pose({ data: frames[index], width: recording.width, height: recording.height });
          meshes.set(index, face?.mesh);
        }
        return meshes.get(index);
      };
      const gray = async (index: number) => grayFrameOf({ data: frames[index], width: recording.width, height: recording.height });
      moves.push(...(await movesMade(recording, frames.length, meshOf, gray, surface)));
      replays.push(...(await replayed(recording, frames, headTurns)));
    }
  } finally {
    await faces.onApplicationShutdown();
    await surface.onApplicationShutdown();
  }
  const text = report(moves, replays);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'recorded-heads-report.md'), text);
  fs.writeFileSync(path.join(OUT, 'recorded-heads-results.json'), JSON.stringify({ moves, replays }, null, 2));
  process.stdout.write(`\n${text}\n`);
}, 3_600_000);

/**
 * Each time the head made a move: from a frame at the camera, the frame within MOVE_WINDOW_S that
 * went furthest toward the move's side, when that is far enough; the next is looked for after it.
 */
async function movesMade(
  recording: Recording,
  count: number,
  meshOf: (index: number) => Promise<Mesh | undefined>,
  gray: (index: number) => Promise<GrayFrame>,
  surface: SurfaceMotion,
): Promise<MoveResult[]> {
  const window = Math.round(MOVE_WINDOW_S * FRAMES_PER_SECOND);
  const found: MoveResult[] = [];
  for (const move of LIVENESS_MOVES) {
    for (let start = 0; start < count;) {
      const startMesh = await meshOf(start);
      let furthest: { index: number; turn: number } | undefined;
      if (startMesh && facesTheCamera(startMesh, HEAD_TURN_THRESHOLDS)) {
        for (let index = start + 1; index < Math.min(count, start + window); index++) {
          const mesh = await meshOf(index);
          const turn = mesh ? turnToward(move, startMesh, mesh) : Number.NEGATIVE_INFINITY;
          if (turnedTheMinimum({ move, turn }, HEAD_TURN_THRESHOLDS) && turn > (furthest?.turn ?? Number.NEGATIVE_INFINITY)) furthest = { index, turn };
        }
      }
      if (!startMesh || !furthest) {
        start++;
        continue;
      }
      // the move's frames as the page takes them, on the way to the frame that went furthest; judged on those not for the flow alone
      const at = (share: number) => start + Math.max(1, Math.round((furthest.index - start) * share));
      const taken = [...new Set(CAPTURE_TIMING.moveFrames.map(({ share }) => at(share)))];
      const judged = CAPTURE_TIMING.moveFrames.flatMap(({ share, flow }) => (flow ? [] : [at(share)]));
      const reading = await surface.measure(await Promise.all([start, ...taken].map(gray)), startMesh);
      const judgedMeshes = await Promise.all(judged.map(meshOf));
      const squeeze = squeezeOf(move, startMesh, judgedMeshes);
      const { offAxis } = movesSeen([move], [{ step: 'face_camera', mesh: startMesh }, ...judgedMeshes.map((mesh) => ({ step: move, mesh }))])[0];
      found.push({
        recording: recording.id,
        move,
        atS: start / FRAMES_PER_SECOND,
        toS: furthest.index / FRAMES_PER_SECOND,
        turn: furthest.turn,
        offAxis,
        points: reading.points,
        squeeze,
        ...depthReadingOf(move, reading),
      });
      start = furthest.index + window;
    }
  }
  return found;
}

/** The recording from every REPLAY_EVERY_S, on the capture's timeline, sent for a challenge of its own. */
async function replayed(recording: Recording, frames: readonly Buffer[], headTurns: HeadTurnLiveness): Promise<ReplayResult[]> {
  const { faceCameraFramesAtMs, firstMoveAtMs, moveMs, moveFrames } = CAPTURE_TIMING;
  const capturedFor = (moves: LivenessMove[]) => [
    ...faceCameraFramesAtMs.map((atMs) => ({ atS: atMs / 1000, step: 'face_camera' as const })),
    ...moves.flatMap((move, index) =>
      moveFrames.map(({ share, flow }) => ({ atS: (firstMoveAtMs + (index + share) * moveMs) / 1000, step: move, ...(flow && { flow }) })),
    ),
  ];
  const results: ReplayResult[] = [];
  const lastS = (firstMoveAtMs + LIMITS.livenessChallengeMoves * moveMs) / 1000;
  for (let atS = 0; (atS + lastS) * FRAMES_PER_SECOND < frames.length; atS += REPLAY_EVERY_S) {
    const moves = drawnChallenge(seeded(seedOf(`${recording.id}:${atS}`)));
    const indexAt = (frameAtS: number) => Math.round((atS + frameAtS) * FRAMES_PER_SECOND);
    const imageOf = async (index: number) =>
      checkImage(
        dataUrlOf(
          await sharp(frames[index], { raw: { width: recording.width, height: recording.height, channels: 3 } })
            .jpeg({ quality: 85 })
            .toBuffer(),
        ),
      );
    const timeline = capturedFor(moves);
    const taken = await Promise.all(timeline.map(async ({ atS: frameAtS, ...frame }) => ({ ...frame, image: await imageOf(indexAt(frameAtS)) })));
    // every move measured (the decision is the same), so that "two moves of three" can read them all
    const { decision } = await headTurns.decide({ moves, frames: taken }, undefined, { thorough: true });
    const seen = decision.moves.map(({ move, turn, offAxis, noseShift, squeeze, textureSqueeze }) => ({
      move,
      turn,
      offAxis,
      noseShift,
      squeeze,
      textureSqueeze,
    }));
    results.push({ recording: recording.id, atS, moves, live: decision.live, refusal: decision.refusal, twoOfThree: liveByTwoMoves(decision), seen });
  }
  return results;
}

/** How far a move turned, in the units of its axis' minimum (1: just made). */
const TURN_BANDS = [
  { label: '1-1.5 times the minimum', from: 1, to: 1.5 },
  { label: '1.5-2.5 times', from: 1.5, to: 2.5 },
  { label: '2.5 times or more', from: 2.5, to: Number.POSITIVE_INFINITY },
];

/** Captures drawn from the moves a split's heads made (`capturesDrawn`). */
const DRAWN_CAPTURES = 20_000;

/**
 * Whole captures, as each reading of the three moves would decide them (moves-together.ts): a
 * challenge drawn as svc-sessions draws one, each of its moves one the split's heads made of that
 * kind, turned as far as the page asks (MOVE_GUIDE_TURN), drawn at random. The moves of one
 * capture are thus of different moments (of different recordings too, within a split), as if a
 * head's moves were independent, which nothing here shows.
 */
function capturesDrawn(moves: MoveResult[]): string[] {
  const refusedByTheDecision = (m: MoveResult) => !moveMade(m, HEAD_TURN_THRESHOLDS) || !showsAHead(m);
  // "two moves of three" (moves-together.ts): every move made, and enough of them showing a head
  const refusedByTwoOfThree = (drawn: MoveResult[]) =>
    drawn.some((m) => !moveMade(m, HEAD_TURN_THRESHOLDS)) || drawn.filter(showsAHead).length < LEAST_MOVES_SHOWING_A_HEAD;
  const out = [
    '',
    `### Whole captures drawn from the moves made as far as the page asks (${DRAWN_CAPTURES} a split): refused by each reading of the three moves`,
    '',
    `| split, or one recording of it | moves of each kind | ${READINGS.map((reading) => `${reading} (${MOVE_READINGS[reading].threshold})`).join(' | ')} | the decision (weakest, or a texture squeeze at least ${HEAD_TURN_THRESHOLDS.minHeadTextureSqueeze} with a nose shift of ${HEAD_TURN_THRESHOLDS.minWaivedNoseShift} where read; every move's squeeze at least ${HEAD_TURN_THRESHOLDS.minSqueeze}, read from its points ${HEAD_TURN_THRESHOLDS.minTextureSqueeze}; along the other axis at most ${HEAD_TURN_THRESHOLDS.maxOffAxis} of the asked one) | two moves of three (every move made, at most one showing no head) |`,
    `|---|---|${READINGS.map(() => '---|').join('')}---|---|`,
  ];
  // Each split, then each of its recordings alone when it has several: one person's moves can weigh
  // a split's draws more than their share of its people.
  const groups = RECORDING_SPLITS.flatMap((split) => {
    const ids = RECORDINGS.filter((r) => r.split === split).map((r) => r.id);
    return [{ label: split, ids }, ...(ids.length > 1 ? ids.map((id) => ({ label: `${split}: ${id} alone`, ids: [id] })) : [])];
  });
  for (const { label, ids } of groups) {
    const asFar = moves.filter((m) => ids.includes(m.recording) && m.turn >= MOVE_GUIDE_TURN[MOVE_AXIS[m.move].axis]);
    const byMove = new Map(LIVENESS_MOVES.map((move) => [move, asFar.filter((m) => m.move === move)]));
    const counts = LIVENESS_MOVES.map((move) => `${move} ${byMove.get(move)?.length ?? 0}`).join(', ');
    if ([...byMove.values()].some((made) => made.length === 0)) {
      out.push(`| ${label} | ${counts} | ${READINGS.map(() => '-').join(' | ')} | - | - |`);
      continue;
    }
    const random = seeded(seedOf(`drawn-${label}`));
    const refused = new Map(READINGS.map((reading) => [reading, 0]));
    let decisionRefused = 0;
    let twoOfThreeRefused = 0;
    for (let i = 0; i < DRAWN_CAPTURES; i++) {
      const drawn = drawnChallenge(random).map((move) => {
        const made = byMove.get(move) ?? [];
        return made[Math.floor(random() * made.length)];
      });
      const shifts = sortedShifts(drawn.map((m) => m.noseShift));
      for (const reading of READINGS) {
        if (MOVE_READINGS[reading].of(shifts) < MOVE_READINGS[reading].threshold) refused.set(reading, (refused.get(reading) ?? 0) + 1);
      }
      if (drawn.some(refusedByTheDecision)) decisionRefused++;
      if (refusedByTwoOfThree(drawn)) twoOfThreeRefused++;
    }
    const share = (count: number) => `${((100 * count) / DRAWN_CAPTURES).toFixed(1)} %`;
    out.push(
      `| ${label} | ${counts} | ${READINGS.map((reading) => share(refused.get(reading) ?? 0)).join(' | ')} | ${share(decisionRefused)} | ${share(twoOfThreeRefused)} |`,
    );
  }
  return out;
}

/** How much the live heads' moves squeezed the face along their axes (foreshortening.ts): all moves made, and those made as far as the page asks. */
function squeezes(moves: MoveResult[]): string[] {
  const out = [
    '',
    "### A face squeezed along the move's axis by a live head (foreshortening.ts; 1 is no squeeze)",
    '',
    '| recording | axis | moves made: squeeze min · p5 · p50 · p95 · max | made as far as the page asks | read from the points followed (textureSqueezeOf): moves made | made as far as the page asks |',
    '|---|---|---|---|---|---|',
  ];
  const cell = (rows: MoveResult[], reading: 'squeeze' | 'textureSqueeze' = 'squeeze') => {
    const values = rows.flatMap((m) => m[reading] ?? []);
    return values.length ? `${values.length}: ${spread(values)}` : '-';
  };
  for (const recording of [...RECORDINGS.map((r) => r.id), 'all']) {
    for (const axis of ['across', 'down'] as const) {
      const rows = moves.filter((m) => MOVE_AXIS[m.move].axis === axis && (recording === 'all' || m.recording === recording));
      if (rows.length === 0) continue;
      const asFar = rows.filter((m) => m.turn >= MOVE_GUIDE_TURN[axis]);
      out.push(
        `| ${recording} | ${axis === 'across' ? 'left, right' : 'up, down'} | ${cell(rows)} | ${cell(asFar)} | ${cell(rows, 'textureSqueeze')} | ${cell(asFar, 'textureSqueeze')} |`,
      );
    }
  }
  return out;
}

function report(moves: MoveResult[], replays: ReplayResult[]): string {
  const { minNoseShift, minHeadTextureSqueeze, minWaivedNoseShift } = HEAD_TURN_THRESHOLDS;
  const minimum = (move: LivenessMove) => (MOVE_AXIS[move].axis === 'across' ? HEAD_TURN_THRESHOLDS.minTurnAcross : HEAD_TURN_THRESHOLDS.minTurnDown);
  const passed = (rows: MoveResult[]) => rows.filter((m) => showsDepth(m, HEAD_TURN_THRESHOLDS)).length;
  const pointsLost = (rows: MoveResult[]) => rows.filter((m) => m.noseShift === undefined).length;
  const out = [
    `### Moves live heads made: found by a face (not flat) when the nose shift reaches ${minNoseShift} face widths or the followed points keep the face's shape to ${minHeadTextureSqueeze} with a nose shift of ${minWaivedNoseShift} where read (head-turns.ts' showsDepth)`,
    '',
    '| recording | axis | moves | not flat | nose shift unread (too few points followed around the nose, or to the last frame) | nose shift: min · p5 · p50 · p95 · max |',
    '|---|---|---|---|---|---|',
  ];
  const byAxis = (axis: 'across' | 'down') => moves.filter((m) => MOVE_AXIS[m.move].axis === axis);
  for (const recording of [...RECORDINGS.map((r) => r.id), 'all']) {
    for (const axis of ['across', 'down'] as const) {
      const rows = byAxis(axis).filter((m) => recording === 'all' || m.recording === recording);
      if (rows.length === 0) continue;
      const shifts = rows.map((m) => m.noseShift ?? 0);
      out.push(
        `| ${recording} | ${axis === 'across' ? 'left, right' : 'up, down'} | ${rows.length} | ${passed(rows)} | ${pointsLost(rows)} | ${spread(shifts)} |`,
      );
    }
  }
  for (const split of RECORDING_SPLITS) {
    const ids = RECORDINGS.filter((r) => r.split === split).map((r) => r.id);
    const inSplit = (axis: 'across' | 'down') => byAxis(axis).filter((m) => ids.includes(m.recording));
    out.push(
      '',
      `### By how far the head turned (${split}: ${ids.join(', ')})`,
      '',
      '| turn | left, right: not flat | up, down: not flat | points lost, both axes | points followed: p50 |',
      '|---|---|---|---|---|',
    );
    for (const band of TURN_BANDS) {
      const inBand = (axis: 'across' | 'down') => inSplit(axis).filter((m) => m.turn / minimum(m.move) >= band.from && m.turn / minimum(m.move) < band.to);
      const cell = (rows: MoveResult[]) => `${passed(rows)} of ${rows.length}`;
      // A larger move carries more of the face out of view, or changes it more between frames: fewer points follow it.
      const both = [...inBand('across'), ...inBand('down')];
      const followed = quantile(
        both.map((m) => m.points),
        0.5,
      );
      out.push(
        `| ${band.label} | ${cell(inBand('across'))} | ${cell(inBand('down'))} | ${pointsLost(both)} of ${both.length} | ${Number.isNaN(followed) ? '-' : followed} |`,
      );
    }
  }
  out.push(...capturesDrawn(moves), ...squeezes(moves));
  const count = (refusal: HeadTurnRefusal) => replays.filter((r) => r.refusal === refusal).length;
  out.push(
    '',
    '### A recording replayed for a challenge (APCER)',
    '',
    '| recording | replays | taken as live | refused: no face | not facing the camera | move not made | flat | points lost | squeezed | taken by two moves of three (not the decision) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const recording of RECORDINGS.map((r) => r.id)) {
    const rows = replays.filter((r) => r.recording === recording);
    if (rows.length === 0) continue;
    const of = (refusal: HeadTurnRefusal) => rows.filter((r) => r.refusal === refusal).length;
    out.push(
      `| ${recording} | ${rows.length} | ${rows.filter((r) => r.live).length} | ${of('no_face')} | ${of('not_facing_camera')} | ${of('move_not_made')} | ${of('flat')} | ${of('points_lost')} | ${of('squeezed')} | ${rows.filter((r) => r.twoOfThree).length} |`,
    );
  }
  out.push(
    `| **all** | **${replays.length}** | **${replays.filter((r) => r.live).length}** | ${count('no_face')} | ${count('not_facing_camera')} | ${count('move_not_made')} | ${count('flat')} | ${count('points_lost')} | ${count('squeezed')} | **${replays.filter((r) => r.twoOfThree).length}** |`,
    '',
  );
  return out.join('\n');
}
