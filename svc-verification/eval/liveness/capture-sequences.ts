import { type Image, loadImage } from '@napi-rs/canvas';
import { CAPTURE_TIMING, FACING_CAMERA_MAX_NOSE_OFFSET, LIMITS, LIVENESS_MOVES, type LivenessMove } from '@idv/contracts';
import path from 'node:path';
import sharp from 'sharp';
import { HUMAN_PACKAGE } from '../../src/engine/faces/face-model';
import { softOval } from '../presentation-attacks';
import { type Point3, type Pose, canvas, drawWarped, posed, sheetGrid, unprojected } from './render-pose';

/**
 * Captures of a head-turn challenge (docs/liveness.md), as the camera would give them: 640 x 480
 * frames, two looking at the camera, then three during each move (on the way, nearly there, there).
 * A live head is rendered from its photo's face mesh; the attacks are pictures of the same photo,
 * held up and turned, tilted, bent, or replayed from a capture of another challenge. Every number
 * that varies comes from the case's own seed; none was chosen by looking at the decision's output.
 */
export const FRAME = { width: 640, height: 480 } as const;

export type CaptureKind =
  | 'live'
  | 'live-face-depth'
  | 'live-late'
  | 'live-guided'
  | 'printed-photo'
  | 'bent-print'
  | 'screen'
  | 'printed-photo-guided'
  | 'bent-print-guided'
  | 'screen-guided'
  | 'replay'
  | 'montage';
/**
 * Live heads: with the face model's depth, and with that depth 2.5 times (a face's,
 * docs/liveness.md); the latter slow to react (`LATE_MOVE_FRAMES`), and as the page guides it
 * (`MoveSeenByPage`).
 */
export const LIVE_KINDS: CaptureKind[] = ['live', 'live-face-depth', 'live-late', 'live-guided'];
/**
 * The face model's mesh puts the mid-forehead 0.04-0.08 face widths behind the nose tip, where a
 * face is about 0.12-0.15 (docs/liveness.md): rendered with 2.5 times its depth, a head turns with
 * a face's parallax, as far as one number can give it.
 */
export const FACE_DEPTH_SCALE = 2.5;
export const ATTACK_KINDS: CaptureKind[] = [
  'printed-photo',
  'bent-print',
  'screen',
  'printed-photo-guided',
  'bent-print-guided',
  'screen-guided',
  'replay',
  'montage',
];
export type PictureKind = 'printed-photo' | 'bent-print' | 'screen';
/** The kinds that hold a picture up (pictureCapture): which picture, and whether the page guides it (`MoveSeenByPage`). */
export const PICTURE_KINDS: Record<PictureKind | `${PictureKind}-guided`, { picture: PictureKind; guided: boolean }> = {
  'printed-photo': { picture: 'printed-photo', guided: false },
  'bent-print': { picture: 'bent-print', guided: false },
  screen: { picture: 'screen', guided: false },
  'printed-photo-guided': { picture: 'printed-photo', guided: true },
  'bent-print-guided': { picture: 'bent-print', guided: true },
  'screen-guided': { picture: 'screen', guided: true },
};

export interface CapturedFrame {
  step: LivenessMove | 'face_camera';
  jpeg: Buffer;
  /**
   * A frame for the server's flow alone (CAPTURE_TIMING.moveFrames): sent marked so, and never
   * judged. The first of a move's four poses is one, and so is every frame rendered between two
   * (`FRAMES_BETWEEN`).
   */
  flow?: true;
}

/**
 * Frames rendered between each two of a move's poses (and between the start and its first, and
 * between those asked for once more), at poses in between, for the flow alone: the page takes one
 * between each two of its frames (CAPTURE_TIMING.moveFrames, furtherFrames). They draw nothing at
 * random, so a move's four poses are those of captures made before them (docs/liveness.md,
 * "Frames between, for the flow alone").
 */
const FRAMES_BETWEEN = 1;

/** The pose `share` of the way from `from` to `to`, every part of it in proportion. */
function poseBetween(from: Pose, to: Pose, share: number): Pose {
  const at = (a = 0, b = 0) => a + (b - a) * share;
  return {
    yaw: at(from.yaw, to.yaw),
    pitch: at(from.pitch, to.pitch),
    roll: at(from.roll, to.roll),
    dx: at(from.dx, to.dx),
    dy: at(from.dy, to.dy),
    scale: at(from.scale ?? 1, to.scale ?? 1),
  };
}

/**
 * The fractions of a move's full angle at its four poses, as the page takes its frames at 25, 45,
 * 75 and 100 % of the move's time (CAPTURE_TIMING.moveFrames): the first, for the server's flow
 * alone, with the head or the picture just on its way.
 */
const MOVE_FRAMES = [0.2, 0.45, 0.8, 1];
/** A move's first poses that are for the flow alone: the page's frame at 25 % of the move. */
const FLOW_ONLY_POSES = 1;
/**
 * A person slow to react, whom the page asks once more for each move (mf-verify
 * head-turn-capture.ts): the move's four poses on its time show the head still at the camera, or
 * barely moved; those taken while "A little further" shows (the judged of CAPTURE_TIMING.furtherFrames:
 * half way, at the end) show it turning on from there at an even pace, and there.
 */
export const LATE_MOVE_FRAMES = [0, 0, 0, 0.1, ...CAPTURE_TIMING.furtherFrames.flatMap((frame) => (frame.flow ? [] : [0.1 + 0.9 * frame.share]))];

/**
 * The page's "A little further" (mf-verify head-turn-capture.ts), as the evaluation gives it: after a
 * move's last frame, whether the page's face model sees the move turned as far as the page asks
 * (@idv/contracts `turnToward`, to `MOVE_GUIDE_TURN`) from the capture's first frame; true also when
 * it cannot tell (no face in either): the page then goes on as timed. Not seen: the move is asked
 * for once more, and two more frames of it are taken.
 */
export type MoveSeenByPage = (move: LivenessMove, first: Buffer, last: Buffer) => Promise<boolean>;
/**
 * The page's "Look straight at the camera" (mf-verify face-guide.ts), as the evaluation gives it:
 * where the page's face model sees the nose in a frame (@idv/contracts `noseOffset`); undefined when
 * it sees no face.
 */
export type StartSeenByPage = (frame: Buffer) => Promise<{ across: number; down: number } | undefined>;
/** How the page guides a capture: its start, then each move. */
export interface PageGuidance {
  startSeen: StartSeenByPage;
  moveSeen: MoveSeenByPage;
}
/**
 * Asked to look at the camera, a head (or the picture an attacker holds) turns toward it this many
 * degrees at a time on each axis whose offset the page finds over its bound, up to FACING_MAX_DEGREES
 * (docs/liveness.md, "The evaluation's guided captures start where the page would let them"; set
 * before its first run).
 */
const FACING_STEP_DEGREES = 5;
const FACING_MAX_DEGREES = 30;
/**
 * Asked once more, a head or a picture turns on from its angle to this many times it, at an even
 * pace over the frames taken then; a head at most FURTHER_MAX_DEGREES, a picture at most 75 degrees.
 * Set before the first run of the guided kinds (docs/liveness.md, "As the page guides it"), not chosen on it.
 */
export const FURTHER_TURN = 1.5;
const FURTHER_MAX_DEGREES = { head: { across: 45, down: 30 }, picture: 75 } as const;

/** A small deterministic generator (mulberry32): the same case always draws the same numbers. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A case's seed from its name (FNV-1a): another name, other draws. */
export function seedOf(name: string): number {
  let h = 2166136261;
  for (const char of name) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A challenge as svc-sessions draws one: three different moves in a random order (every order alike). */
export function drawnChallenge(random: () => number): LivenessMove[] {
  const moves = [...LIVENESS_MOVES];
  for (let i = moves.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moves[i], moves[j]] = [moves[j], moves[i]];
  }
  return moves.slice(0, LIMITS.livenessChallengeMoves);
}

export const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const degrees = (value: number) => (value * Math.PI) / 180;

/** The photo as the camera's frame: the face crop filling its height, on a wall colour, as a person sits at a webcam. */
export async function cameraFrame(faceCrop: Buffer, variant: number): Promise<Buffer> {
  const wall = [
    { r: 196, g: 190, b: 180 },
    { r: 120, g: 138, b: 156 },
    { r: 88, g: 84, b: 78 },
    { r: 222, g: 214, b: 196 },
  ][variant % 4];
  const face = await sharp(faceCrop).resize({ height: FRAME.height, width: FRAME.width, fit: 'inside' }).toBuffer();
  const { width = 0, height = 0 } = await sharp(face).metadata();
  return sharp({ create: { width: FRAME.width, height: FRAME.height, channels: 3, background: wall } })
    .composite([{ input: face, left: Math.round((FRAME.width - width) / 2), top: Math.round((FRAME.height - height) / 2) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Which way a move turns a head or a picture, at `angle` radians. */
function turned(move: LivenessMove, angle: number): Pose {
  switch (move) {
    case 'turn_left':
      return { yaw: -angle };
    case 'turn_right':
      return { yaw: angle };
    case 'look_up':
      return { pitch: -angle };
    case 'look_down':
      return { pitch: angle };
  }
}

/** A move's pose at `angle`, with the sway of a hand or a head that is not held still. */
function movePose(move: LivenessMove, angle: number, random: () => number): Pose {
  return {
    ...turned(move, angle),
    roll: degrees(between(random, -2, 2)),
    dx: between(random, -8, 8),
    dy: between(random, -6, 6),
    scale: between(random, 0.97, 1.03),
  };
}

/**
 * The poses of a capture, step by step: two at the camera, then four per move. The sway of a move's
 * poses for the flow alone (its first FLOW_ONLY_POSES) is drawn from `flowRandom`, so that the
 * poses a move is judged on are those a capture had before they were added.
 */
function schedule(
  moves: readonly LivenessMove[],
  angleOf: (move: LivenessMove) => number,
  random: () => number,
  flowRandom: () => number,
  moveFrames: readonly number[] = MOVE_FRAMES,
): ScheduledPose[] {
  const steps: ScheduledPose[] = [
    { step: 'face_camera', pose: {} },
    { step: 'face_camera', pose: { dx: between(random, -4, 4), dy: between(random, -3, 3) } },
  ];
  for (const move of moves)
    for (const [k, share] of moveFrames.entries())
      steps.push(
        k < FLOW_ONLY_POSES
          ? { step: move, pose: movePose(move, angleOf(move) * share, flowRandom), flow: true }
          : { step: move, pose: movePose(move, angleOf(move) * share, random) },
      );
  return steps;
}

/** A pose of a capture's schedule: the step it is taken in, and whether its frame is for the flow alone. */
interface ScheduledPose {
  step: CapturedFrame['step'];
  pose: Pose;
  flow?: true;
}

/**
 * Where a head or a picture stands once the page sees it look at the camera (`StartSeenByPage`, to
 * FACING_CAMERA_MAX_NOSE_OFFSET): turned toward the camera FACING_STEP_DEGREES at a time on each
 * axis still over the bound, as long as the page sees a face and at most FACING_MAX_DEGREES; no turn
 * at all where the page already sees it so.
 */
export async function facingPose(render: (pose: Pose) => Promise<Buffer>, seen: StartSeenByPage): Promise<Pose> {
  const [step, most] = [degrees(FACING_STEP_DEGREES), degrees(FACING_MAX_DEGREES) + 1e-9];
  let pose = { yaw: 0, pitch: 0 };
  for (;;) {
    const offset = await seen(await render(pose));
    if (!offset) return pose;
    const over = (value: number) => (Math.abs(value) > FACING_CAMERA_MAX_NOSE_OFFSET ? Math.sign(value) : 0);
    // a nose toward the image's right (across above 0) is a head turned to its own left: a positive yaw brings it back; a nose low, a negative pitch
    const next = { yaw: pose.yaw + over(offset.across) * step, pitch: pose.pitch - over(offset.down) * step };
    if (next.yaw === pose.yaw && next.pitch === pose.pitch) return pose;
    if (Math.abs(next.yaw) > most || Math.abs(next.pitch) > most) return pose;
    pose = next;
  }
}

/** A pose turned further by `base` (its yaw and pitch added). */
function turnedFrom(base: Pose, pose: Pose): Pose {
  return { ...pose, yaw: (base.yaw ?? 0) + (pose.yaw ?? 0), pitch: (base.pitch ?? 0) + (pose.pitch ?? 0) };
}

/** How the page guides a capture (`MoveSeenByPage`), and how far a move may turn when asked once more (radians). */
interface Guidance {
  seen: MoveSeenByPage;
  maxAngle: (move: LivenessMove) => number;
  /** The sway of the frames taken once more: a generator of their own, so that the others are the unguided capture's. */
  random: () => number;
}

/**
 * The frames of a capture: each pose of `steps` rendered, with FRAMES_BETWEEN before each of a
 * move's; with `guidance`, a move the page does not see made in its last frame gets two more poses
 * (the judged of CAPTURE_TIMING.furtherFrames), turning on from its angle to FURTHER_TURN times it.
 */
async function framesOf(
  steps: readonly ScheduledPose[],
  angleOf: (move: LivenessMove) => number,
  render: (pose: Pose) => Promise<Buffer>,
  guidance?: Guidance,
): Promise<CapturedFrame[]> {
  const out: CapturedFrame[] = [];
  const between = async (step: CapturedFrame['step'], from: Pose, to: Pose) => {
    for (let k = 1; k <= FRAMES_BETWEEN; k++) out.push({ step, jpeg: await render(poseBetween(from, to, k / (FRAMES_BETWEEN + 1))), flow: true });
  };
  for (const [i, { step, pose, flow }] of steps.entries()) {
    // a move's first frame is followed from the start's pose (the capture's first frame, at the camera)
    if (step !== 'face_camera') await between(step, steps[i - 1].step === step ? steps[i - 1].pose : steps[0].pose, pose);
    const jpeg = await render(pose);
    out.push({ step, jpeg, ...(flow && { flow }) });
    if (!guidance || step === 'face_camera' || steps[i + 1]?.step === step) continue;
    if (await guidance.seen(step, out[0].jpeg, jpeg)) continue;
    const from = angleOf(step);
    const to = Math.min(from * FURTHER_TURN, guidance.maxAngle(step));
    let previous = pose;
    for (const { share } of CAPTURE_TIMING.furtherFrames.filter((frame) => !frame.flow)) {
      const further = movePose(step, from + (to - from) * share, guidance.random);
      await between(step, previous, further);
      out.push({ step, jpeg: await render(further) });
      previous = further;
    }
  }
  return out;
}

const jpeg = async (c: ReturnType<typeof canvas>['canvas'], quality: number) => Buffer.from(await c.encode('jpeg', quality));

/** The face mesh's triangles, which the live renderer warps: static data of @vladmandic/human's node-wasm build. */
export async function faceTriangles(): Promise<number[]> {
  const { Human } = (await import(path.join(HUMAN_PACKAGE, 'dist/human.node-wasm.js'))) as { Human: new (config: object) => { faceTriangulation: number[] } };
  return new Human({ backend: 'wasm' }).faceTriangulation;
}

/**
 * A live head following `moves`: the photo's face mesh (`modelMesh`, from the face model, its depth
 * `depthScale` times) turned up to 16-35 degrees left and right and 12-24 degrees up and down, per
 * case, with the sway of a person holding still. With `page`, as the page guides it: turned to look
 * at the camera first where the page does not see it do so (`facingPose`), and asked once more for a
 * move it does not see made.
 */
export async function liveCapture(
  frame: Buffer,
  modelMesh: Point3[],
  triangles: readonly number[],
  moves: readonly LivenessMove[],
  seed: number,
  depthScale = 1,
  moveFrames: readonly number[] = MOVE_FRAMES,
  page?: PageGuidance,
): Promise<CapturedFrame[]> {
  const random = seeded(seed);
  const image = await loadImage(frame);
  const meanDepth = modelMesh.reduce((sum, p) => sum + p[2], 0) / modelMesh.length;
  const mesh = modelMesh.map(([x, y, z]): Point3 => [x, y, meanDepth + (z - meanDepth) * depthScale]);
  const yaw = degrees(between(random, 16, 35));
  const pitch = degrees(between(random, 12, 24));
  const centre = meshCentre(mesh);
  const faceWidth = Math.max(...mesh.map((p) => p[0])) - Math.min(...mesh.map((p) => p[0]));
  const distance = faceWidth * between(random, 3, 5);
  // the head as it stands before the camera: looking at it, the frame is the photo itself
  const head = unprojected(mesh, centre, distance);
  const quality = Math.round(between(random, 70, 88));
  const angleOf = (move: LivenessMove) => (move.startsWith('turn') ? yaw : pitch);
  const renderAt = async (pose: Pose) => {
    const { canvas: c, ctx } = canvas(FRAME.width, FRAME.height);
    ctx.drawImage(image, 0, 0);
    drawWarped(ctx, image, mesh, posed(head, pose, centre, distance), triangles);
    return jpeg(c, quality);
  };
  // as the page guides it, the head looks at the camera before Capture, and every pose is from there
  const base = page ? await facingPose(renderAt, page.startSeen) : {};
  const render = (pose: Pose) => renderAt(turnedFrom(base, pose));
  const guidance = page && {
    seen: page.moveSeen,
    maxAngle: (move: LivenessMove) => degrees(move.startsWith('turn') ? FURTHER_MAX_DEGREES.head.across : FURTHER_MAX_DEGREES.head.down),
    random: seeded(seed + 7),
  };
  return framesOf(schedule(moves, angleOf, random, seeded(seed + 11), moveFrames), angleOf, render, guidance);
}

/**
 * The photo held up as a picture: printed (flat or bent around a vertical axis) or on a screen
 * (its pixels' rows showing, its bezel around it), turned and tilted 20-60 degrees the way each
 * move asks, from 1.2 to 3 frame widths from the camera, in front of a wall. With `page`, as the
 * page guides it, the attacker following its words: turned to look at the camera first
 * (`facingPose`), and turned on for a move it does not see made.
 */
export async function pictureCapture(
  frame: Buffer,
  kind: PictureKind,
  moves: readonly LivenessMove[],
  seed: number,
  page?: PageGuidance,
): Promise<CapturedFrame[]> {
  const random = seeded(seed);
  const share = between(random, 0.8, 1);
  const [w, h] = [Math.round(FRAME.width * share), Math.round(FRAME.height * share)];
  const picture = await loadImage(await pictureOf(frame, kind, w, h, random));
  const grid = sheetGrid(w, h, 0, 48, kind === 'bent-print' ? w * between(random, 0.6, 1.2) : undefined);
  const offset: Point3 = [(FRAME.width - w) / 2, (FRAME.height - h) / 2, 0];
  const points = grid.points.map(([x, y, z]): Point3 => [x + offset[0], y + offset[1], z]);
  const source = grid.points;
  const centre: Point3 = [FRAME.width / 2, FRAME.height / 2, 0];
  const distance = FRAME.width * between(random, 1.2, 3);
  const angle = degrees(between(random, 20, 60));
  const quality = Math.round(between(random, 70, 88));
  const wall = ['#b8b0a4', '#7c8a96', '#d9d2c2', '#5e5a55'][Math.floor(random() * 4)];
  const renderAt = async (pose: Pose) => {
    const { canvas: c, ctx } = canvas(FRAME.width, FRAME.height);
    ctx.fillStyle = wall;
    ctx.fillRect(0, 0, FRAME.width, FRAME.height);
    // small cells, barely enlarged: a sheet's view is one projective map, which affine cells only approach
    drawWarped(ctx, picture, source, posed(points, pose, centre, distance), grid.triangles, 0.02);
    return jpeg(c, quality);
  };
  // as the page guides it, the attacker turns the picture until the page sees it look at the camera
  const base = page ? await facingPose(renderAt, page.startSeen) : {};
  const render = (pose: Pose) => renderAt(turnedFrom(base, pose));
  const guidance = page && { seen: page.moveSeen, maxAngle: () => degrees(FURTHER_MAX_DEGREES.picture), random: seeded(seed + 7) };
  return framesOf(
    schedule(moves, () => angle, random, seeded(seed + 11)),
    () => angle,
    render,
    guidance,
  );
}

/** The picture an attacker holds up: the photo printed (paler, warmer) or shown on a screen (rows of pixels, a black bezel). */
async function pictureOf(frame: Buffer, kind: 'printed-photo' | 'bent-print' | 'screen', width: number, height: number, random: () => number): Promise<Buffer> {
  const resized = sharp(frame).resize(width, height, { fit: 'fill' });
  if (kind !== 'screen') {
    return resized
      .modulate({ brightness: between(random, 0.92, 1.08), saturation: between(random, 0.8, 0.95) })
      .tint({ r: 255, g: 246, b: 232 })
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  const pitch = 2 + Math.floor(random() * 3);
  const rows = Array.from(
    { length: Math.ceil(height / pitch) },
    (_, i) => `<rect x="0" y="${i * pitch}" width="${width}" height="1" fill="black" fill-opacity="0.18"/>`,
  ).join('');
  const bezel = Math.round(width * 0.04);
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rows}<rect x="0" y="0" width="${width}" height="${height}" fill="none" stroke="#111" stroke-width="${2 * bezel}"/></svg>`,
  );
  return resized
    .modulate({ brightness: between(random, 1.05, 1.2) })
    .gamma(between(random, 1.2, 1.8))
    .composite([{ input: overlay }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A montage (docs/liveness.md): another person's live head makes the moves, and in every frame the
 * victim's face is pasted over theirs, an oval with soft edges, where a face tracker finds their face
 * (its mesh's box, `attackerMeshes`; the last one found where it finds none), as a face-paste filter
 * or an editor frame by frame gives it. The pasted face is a picture: it follows the head's place and
 * size, not its turn.
 */
export async function montageCapture(
  victimFrame: Buffer,
  victimMesh: readonly Point3[],
  attacker: readonly CapturedFrame[],
  attackerMeshes: readonly (readonly Point3[] | undefined)[],
  seed: number,
): Promise<CapturedFrame[]> {
  const random = seeded(seed);
  const victim = boxOf(victimMesh, FRAME);
  // a little of the head around the mesh (hairline, jaw), as a hand-cut paste takes, and edges softened by 3-8 % of its width
  const grow = between(random, 1, 1.12);
  const feather = between(random, 0.03, 0.08);
  const quality = Math.round(between(random, 70, 88));
  const patch = await sharp(victimFrame)
    .extract(grown(victim, grow, FRAME))
    .png()
    .toBuffer();
  const out: CapturedFrame[] = [];
  let last = boxOf(attackerMeshes.find(Boolean) ?? victimMesh, FRAME);
  for (const [i, frame] of attacker.entries()) {
    const mesh = attackerMeshes[i];
    if (mesh) last = boxOf(mesh, FRAME);
    const place = grown(last, grow, FRAME);
    const pasted = await softOval(sharp(patch), place, feather);
    out.push({
      step: frame.step,
      ...(frame.flow && { flow: frame.flow }),
      jpeg: await sharp(frame.jpeg)
        .composite([{ input: pasted, left: place.left, top: place.top }])
        .jpeg({ quality })
        .toBuffer(),
    });
  }
  return out;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box of a mesh's points within the frame. */
function boxOf(mesh: readonly Point3[], frame: { width: number; height: number }): Box {
  const xs = mesh.map((p) => p[0]);
  const ys = mesh.map((p) => p[1]);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  return {
    left,
    top,
    width: Math.max(8, Math.min(frame.width, Math.ceil(Math.max(...xs))) - left),
    height: Math.max(8, Math.min(frame.height, Math.ceil(Math.max(...ys))) - top),
  };
}

/** A box grown about its middle by `factor`, kept within the frame. */
function grown(box: Box, factor: number, frame: { width: number; height: number }): Box {
  const width = Math.min(frame.width, Math.round(box.width * factor));
  const height = Math.min(frame.height, Math.round(box.height * factor));
  const left = Math.max(0, Math.min(frame.width - width, Math.round(box.left + box.width / 2 - width / 2)));
  const top = Math.max(0, Math.min(frame.height - height, Math.round(box.top + box.height / 2 - height / 2)));
  return { left, top, width, height };
}

/** Mean of a mesh's points: the head turns about it. */
function meshCentre(mesh: Point3[]): Point3 {
  const sum = mesh.reduce<Point3>((acc, [x, y, z]) => [acc[0] + x, acc[1] + y, acc[2] + z], [0, 0, 0]);
  return [sum[0] / mesh.length, sum[1] / mesh.length, sum[2] / mesh.length];
}

/** Another order of the same moves (a recording made for another challenge): the order reversed, or turned by one when that is the same. */
export function anotherOrder(moves: readonly LivenessMove[]): LivenessMove[] {
  const reversed = [...moves].reverse();
  return reversed.every((move, i) => move === moves[i]) ? [...moves.slice(1), moves[0]] : reversed;
}

export type { Image };
