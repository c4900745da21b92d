import type { LivenessMove } from '@idv/contracts';
import type { Mesh } from './head-pose';
import { type HeadTurnThresholds, type PoseFrame, decideHeadTurns, movesSeen } from './head-turns';

const THRESHOLDS: HeadTurnThresholds = {
  minTurnAcross: 0.1,
  minTurnDown: 0.03,
  minNoseShift: 0.01,
  maxStartOffset: 0.7,
  minSqueeze: 0.75,
  minTextureSqueeze: 0.75,
  minHeadTextureSqueeze: 0.9,
  minWaivedNoseShift: 0.004,
  maxOffAxis: 2,
};

/** A mesh whose nose tip sits at `across`, `down` (noseOffset units) in a 200 x 300 px face. */
function face(across: number, down: number): Mesh {
  const points: [number, number, number][] = Array.from({ length: 468 }, () => [0, 0, 0]);
  points[234] = [100, 200, 0];
  points[454] = [300, 200, 0];
  points[10] = [200, 50, 0];
  points[152] = [200, 350, 0];
  points[1] = [200 + across * 100, 200 + down * 150, 0];
  return points;
}

/** The mesh scaled about the face's middle: a picture turned (across) or tilted (down) is foreshortened so. */
function foreshortened(mesh: Mesh, across: number, down: number): Mesh {
  return mesh.map(([x, y, z]) => [200 + (x - 200) * across, 200 + (y - 200) * down, z]);
}

const moves: LivenessMove[] = ['turn_left', 'look_down', 'turn_right'];
/**
 * Frames of a capture: the start, then each move's frames: its first, marked for the flow alone,
 * and two judged, reaching the given nose offset (`early`: the first frame's mesh, the start's by
 * default). The page takes more of each; the decision reads only their marks.
 */
function capture(start: Mesh | undefined, ends: Record<LivenessMove, Mesh | undefined>, early: Partial<Record<LivenessMove, Mesh>> = {}): PoseFrame[] {
  return [
    { step: 'face_camera', mesh: start },
    ...moves.flatMap((move) => [
      { step: move, flow: true as const, mesh: early[move] ?? start },
      { step: move, mesh: start },
      { step: move, mesh: ends[move] },
    ]),
  ];
}
/** A picture turned for the first move: its face narrowed across to 0.7 of its start. */
const turnedPicture = capture(face(0, 0), {
  turn_left: foreshortened(face(0.3, 0), 0.7, 1),
  look_down: face(0, 0.08),
  turn_right: face(-0.3, 0),
  look_up: undefined,
});
const followed = capture(face(0, 0), { turn_left: face(0.3, 0), look_down: face(0, 0.08), turn_right: face(-0.3, 0), look_up: undefined });

describe('the head-turn decision', () => {
  it('takes moves made toward the asked sides, each off the plane, as a live head', () => {
    const seen = movesSeen(moves, followed).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(seen.map((move) => move.move)).toEqual(moves);
    expect(seen[0].turn).toBeCloseTo(0.3);
    expect(seen[1].turn).toBeCloseTo(0.08);
    expect(seen[2].turn).toBeCloseTo(0.3);
    expect(decideHeadTurns(followed, seen, THRESHOLDS)).toMatchObject({ live: true });
  });

  it('refuses moves that went the other way, or not far enough, as not made (a recording made for another challenge)', () => {
    const swapped = capture(face(0, 0), { turn_left: face(-0.3, 0), look_down: face(0, 0.08), turn_right: face(0.3, 0), look_up: undefined });
    const seen = movesSeen(moves, swapped).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(decideHeadTurns(swapped, seen, THRESHOLDS)).toMatchObject({ live: false, refusal: 'move_not_made' });
    const timid = capture(face(0, 0), { turn_left: face(0.05, 0), look_down: face(0, 0.08), turn_right: face(-0.3, 0), look_up: undefined });
    expect(
      decideHeadTurns(
        timid,
        movesSeen(moves, timid).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 })),
        THRESHOLDS,
      ),
    ).toMatchObject({ refusal: 'move_not_made' });
  });

  it('refuses a move of another kind that drifted the asked way (a turn replayed for a look down), and takes one that drifted less than the bound', () => {
    const deep = (frames: PoseFrame[]) => movesSeen(moves, frames).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    // the look down a turn: 0.3 across (3 minimums), 0.036 down (1.2)
    const replayed = capture(face(0, 0), { turn_left: face(0.3, 0), look_down: face(-0.3, 0.036), turn_right: face(-0.3, 0), look_up: undefined });
    expect(decideHeadTurns(replayed, deep(replayed), THRESHOLDS)).toMatchObject({ live: false, refusal: 'move_not_made' });
    // a look down that drifted sideways, but less than twice as far as it looked down: 0.3 across (3), 0.06 down (2)
    const drifted = capture(face(0, 0), { turn_left: face(0.3, 0), look_down: face(0.3, 0.06), turn_right: face(-0.3, 0), look_up: undefined });
    expect(decideHeadTurns(drifted, deep(drifted), THRESHOLDS)).toMatchObject({ live: true });
  });

  it('refuses moves made by something flat, even one of them', () => {
    // a picture tilted to make the move: its texture squeezed, though not beyond the squeeze bound
    const seen = movesSeen(moves, followed).map((move, i) => ({ ...move, noseShift: i === 1 ? 0.004 : 0.02, textureSqueeze: i === 1 ? 0.85 : 0.95 }));
    expect(decideHeadTurns(followed, seen, THRESHOLDS)).toMatchObject({ live: false, refusal: 'flat' });
  });

  /** Three moves followed through, the second with a small nose shift and the given texture squeeze. */
  const shallowHead = (textureSqueeze: number, noseShift = 0.005) =>
    movesSeen(moves, followed).map((move, i) => ({
      ...move,
      noseShift: i === 1 ? noseShift : 0.02,
      textureSqueeze: i === 1 ? textureSqueeze : 0.95,
      followedThrough: true,
    }));

  it("takes a move with a small nose shift as a head's when its texture kept the face's shape (a picture must tilt, and squeeze, to make it)", () => {
    expect(decideHeadTurns(followed, shallowHead(0.9), THRESHOLDS)).toMatchObject({ live: true });
    expect(decideHeadTurns(followed, shallowHead(0.89), THRESHOLDS)).toMatchObject({ live: false, refusal: 'flat' });
    // without the texture's reading, the nose shift alone decides
    const unread = shallowHead(0.95).map(({ textureSqueeze, ...move }, i) => (i === 1 ? move : { ...move, textureSqueeze }));
    expect(decideHeadTurns(followed, unread, THRESHOLDS)).toMatchObject({ live: false, refusal: 'flat' });
  });

  it("still asks some nose shift of a move taken by its texture's shape (a picture turned only a little barely squeezes, and its nose stays in its plane)", () => {
    const turnedLittle = (noseShift: number) => shallowHead(1.03, noseShift);
    expect(decideHeadTurns(followed, turnedLittle(0.004), THRESHOLDS)).toMatchObject({ live: true });
    expect(decideHeadTurns(followed, turnedLittle(0.0039), THRESHOLDS)).toMatchObject({ live: false, refusal: 'flat' });
    expect(decideHeadTurns(followed, turnedLittle(0), THRESHOLDS)).toMatchObject({ live: false, refusal: 'flat' });
  });

  it('refuses a move whose points could not be followed to its last frame, and says so apart from flat: the first move in order without depth says why', () => {
    // the texture kept its shape in the frames read, but its most turned frames were not read
    const shifts = (values: (number | undefined)[]) =>
      movesSeen(moves, followed).map((move, i) => ({ ...move, noseShift: values[i], textureSqueeze: 0.95, followedThrough: values[i] !== undefined }));
    expect(decideHeadTurns(followed, shifts([0.02, undefined, 0.02]), THRESHOLDS)).toMatchObject({ live: false, refusal: 'points_lost' });
    expect(decideHeadTurns(followed, shifts([0.02, undefined, 0.004]), THRESHOLDS)).toMatchObject({ refusal: 'points_lost' });
    const flatFirst = shifts([0.004, undefined, undefined]).map((move, i) => (i === 0 ? { ...move, textureSqueeze: 0.85 } : move));
    expect(decideHeadTurns(followed, flatFirst, THRESHOLDS)).toMatchObject({ refusal: 'flat' });
  });

  it("goes by the texture's squeeze where the points were followed to the move's last frame but too few around the nose to read its shift", () => {
    const noseUnread = (textureSqueeze: number | undefined) =>
      movesSeen(moves, followed).map((move, i) =>
        i === 1 ? { ...move, textureSqueeze, followedThrough: true } : { ...move, noseShift: 0.02, textureSqueeze: 0.95 },
      );
    expect(decideHeadTurns(followed, noseUnread(0.95), THRESHOLDS)).toMatchObject({ live: true });
    // a picture tilted to make the move squeezes its texture: below the bound, nothing shows a head
    expect(decideHeadTurns(followed, noseUnread(0.89), THRESHOLDS)).toMatchObject({ live: false, refusal: 'points_lost' });
    expect(decideHeadTurns(followed, noseUnread(undefined), THRESHOLDS)).toMatchObject({ live: false, refusal: 'points_lost' });
  });

  it("refuses a move that squeezed the face along its axis beyond the bound in any of its frames (a picture turned), and only along the move's axis", () => {
    const start = face(0, 0);
    const seen = movesSeen(moves, turnedPicture).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(seen[0].squeeze).toBeCloseTo(0.7);
    expect(seen[1].squeeze).toBeCloseTo(1);
    expect(decideHeadTurns(turnedPicture, seen, THRESHOLDS)).toMatchObject({ live: false, refusal: 'squeezed' });
    // the squeeze of a frame that did not make the move counts too: the most any frame of the move showed
    const overturned = [...followed.slice(0, 3), { step: 'turn_left' as const, mesh: foreshortened(face(0.05, 0), 0.6, 1) }, ...followed.slice(3)];
    const overturnedSeen = movesSeen(moves, overturned).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(decideHeadTurns(overturned, overturnedSeen, THRESHOLDS)).toMatchObject({ refusal: 'squeezed' });
    // a turn narrowed across is a squeeze, a look down narrowed across is not (its face is no shorter)
    const nodded = capture(start, { turn_left: face(0.3, 0), look_down: foreshortened(face(0, 0.08), 0.7, 1), turn_right: face(-0.3, 0), look_up: undefined });
    const noddedSeen = movesSeen(moves, nodded).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(noddedSeen[1].squeeze).toBeCloseTo(1);
    expect(decideHeadTurns(nodded, noddedSeen, THRESHOLDS)).toMatchObject({ live: true });
    // a head's own turn squeezes it a little: above the bound, taken
    const headTurned = capture(start, {
      turn_left: foreshortened(face(0.3, 0), 0.85, 1),
      look_down: face(0, 0.08),
      turn_right: face(-0.3, 0),
      look_up: undefined,
    });
    const headSeen = movesSeen(moves, headTurned).map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(decideHeadTurns(headTurned, headSeen, THRESHOLDS)).toMatchObject({ live: true });
  });

  it("refuses a move whose followed points squeezed beyond the bound, though the face's mesh did not (the model reads less foreshortening than a picture's texture shows)", () => {
    const seen = movesSeen(moves, followed).map((move, i) => ({ ...move, noseShift: 0.02, textureSqueeze: i === 2 ? 0.7 : 0.95 }));
    expect(seen.every((move) => (move.squeeze ?? 0) > 0.95)).toBe(true);
    expect(decideHeadTurns(followed, seen, THRESHOLDS)).toMatchObject({ live: false, refusal: 'squeezed' });
    // a head's own turn squeezes its texture a little: above the bound, taken
    const head = seen.map((move) => ({ ...move, textureSqueeze: 0.8 }));
    expect(decideHeadTurns(followed, head, THRESHOLDS)).toMatchObject({ live: true });
    // a move the flow measured the nose shift of but not the texture's squeeze shows nothing: not taken
    const unread = seen.map(({ textureSqueeze: _unread, ...move }) => move);
    expect(decideHeadTurns(followed, unread, THRESHOLDS)).toMatchObject({ live: false, refusal: 'squeezed' });
  });

  it('names a flat move before a squeezed one: the refusals come in the order the check measures them', () => {
    const seen = movesSeen(moves, turnedPicture).map((move, i) => ({ ...move, noseShift: i === 2 ? 0.004 : 0.02, textureSqueeze: i === 2 ? 0.85 : 0.95 }));
    expect(decideHeadTurns(turnedPicture, seen, THRESHOLDS)).toMatchObject({ refusal: 'flat' });
  });

  it('needs a start that faces the camera, and a face in it', () => {
    const turnedAway = capture(face(0.8, 0), { turn_left: face(1, 0), look_down: face(0.8, 0.1), turn_right: face(0.3, 0), look_up: undefined });
    expect(decideHeadTurns(turnedAway, movesSeen(moves, turnedAway), THRESHOLDS)).toMatchObject({ refusal: 'not_facing_camera' });
    const noFace = capture(undefined, { turn_left: face(0.3, 0), look_down: face(0, 0.08), turn_right: face(-0.3, 0), look_up: undefined });
    expect(decideHeadTurns(noFace, movesSeen(moves, noFace), THRESHOLDS)).toMatchObject({ refusal: 'no_face' });
  });

  it('judges a move on its frames not marked for the flow alone: a turn or a squeeze seen only in those counts for nothing', () => {
    const early = { turn_left: foreshortened(face(0.3, 0), 0.6, 1) };
    const seenEarly = capture(face(0, 0), { turn_left: face(0.02, 0), look_down: face(0, 0.08), turn_right: face(-0.3, 0), look_up: undefined }, early);
    const seen = movesSeen(moves, seenEarly);
    expect(seen[0]).toMatchObject({ frames: [1, 2, 3], judged: [2, 3] });
    expect(seen[0].turn).toBeCloseTo(0.02);
    expect(seen[0].squeeze).toBeCloseTo(1);
    const measured = seen.map((move) => ({ ...move, noseShift: 0.02, textureSqueeze: 0.95 }));
    expect(decideHeadTurns(seenEarly, measured, THRESHOLDS)).toMatchObject({ live: false, refusal: 'move_not_made' });
    // by its mark, not its place: the same frames, the move's last marked instead, judge the move on its first
    const markedLast = seenEarly.map((frame, index) =>
      index === 1 ? { step: frame.step, mesh: frame.mesh } : index === 3 ? { ...frame, flow: true as const } : frame,
    );
    expect(movesSeen(moves, markedLast)[0]).toMatchObject({ frames: [1, 2, 3], judged: [1, 2] });
    expect(movesSeen(moves, markedLast)[0].squeeze).toBeCloseTo(0.6);
  });

  it("reads how far a move went along the other axis, against the asked one, in each axis' minimum, from the judged frames that made it", () => {
    // a turn left 0.3 across (3 minimums) that also went 0.06 down (2 minimums): two thirds; a look down straight: none
    const diagonal = capture(face(0, 0), { turn_left: face(0.3, 0.06), look_down: face(0, 0.08), turn_right: face(-0.05, 0.02), look_up: undefined });
    const [left, down, right] = movesSeen(moves, diagonal);
    expect(left.offAxis).toBeCloseTo(2 / 3);
    expect(down.offAxis).toBeCloseTo(0);
    // a turn right not made (0.05 across) has no frame to read it in
    expect(right.offAxis).toBeUndefined();
    // of two frames that made the move, the straighter counts
    const twoFrames: PoseFrame[] = [
      { step: 'face_camera', mesh: face(0, 0) },
      { step: 'look_down', mesh: face(0.2, 0.06) },
      { step: 'look_down', mesh: face(0.05, 0.09) },
    ];
    expect(movesSeen(['look_down'], twoFrames)[0].offAxis).toBeCloseTo(0.5 / 3);
  });

  it('finds no move in frames without a face', () => {
    const faceless = capture(face(0, 0), { turn_left: undefined, look_down: face(0, 0.08), turn_right: face(-0.3, 0), look_up: undefined }).map((frame) =>
      frame.step === 'turn_left' ? { step: frame.step } : frame,
    );
    expect(movesSeen(moves, faceless)[0].turn).toBe(Number.NEGATIVE_INFINITY);
  });
});
