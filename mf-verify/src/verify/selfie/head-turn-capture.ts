/**
 * The guided selfie (docs/liveness.md): the selfie is taken from the live camera while the person
 * looks at it, then the server's challenge asks for head turns, one at a time, and frames are taken
 * during each. The server decides from those frames whether a live head made the moves.
 */
import { CAPTURE_TIMING, LIMITS, type LivenessCapture, type LivenessCaptureStep, type LivenessChallenge, type LivenessMove } from '@idv/contracts';

/**
 * A point of the capture's timeline: a frame to take (`flow`: for the server's flow alone;
 * `closesMove`: a move's last), or a move to ask for.
 */
export type CaptureEvent =
  | { kind: 'frame'; atMs: number; step: LivenessCaptureStep; flow?: true; closesMove?: true }
  | { kind: 'move'; atMs: number; move: LivenessMove; index: number; count: number };

/**
 * The capture's timeline for these moves, in time order, before any move is asked for once more;
 * at most LIMITS.livenessFramesMax frames with every move asked for once more.
 */
export function captureTimeline(moves: readonly LivenessMove[]): CaptureEvent[] {
  const events: CaptureEvent[] = CAPTURE_TIMING.faceCameraFramesAtMs.map((atMs) => ({ kind: 'frame', atMs, step: 'face_camera' }));
  moves.forEach((move, index) => {
    const startsAtMs = CAPTURE_TIMING.firstMoveAtMs + index * CAPTURE_TIMING.moveMs;
    events.push({ kind: 'move', atMs: startsAtMs, move, index, count: moves.length });
    for (const { share, flow } of CAPTURE_TIMING.moveFrames)
      events.push({
        kind: 'frame',
        atMs: Math.round(startsAtMs + share * CAPTURE_TIMING.moveMs),
        step: move,
        ...(flow && { flow }),
        ...(share === 1 && { closesMove: true as const }),
      });
  });
  if (events.filter((event) => event.kind === 'frame').length + moves.length * CAPTURE_TIMING.furtherFrames.length > LIMITS.livenessFramesMax)
    throw new Error('a capture holds too many frames for the server');
  return events;
}

/**
 * What the person is asked to do now (`again`: to look straight at the camera once more, the start
 * not seen facing it; `further`: a move asked for once more, not seen made).
 */
export type CaptureProgress = { phase: 'look'; again?: boolean } | { phase: 'move'; move: LivenessMove; index: number; count: number; further?: boolean };

/**
 * Whether `start`, the capture's first frame, shows a face that looks at the camera by the rule the
 * server starts a capture from (@idv/contracts `facesTheCamera`): false when no face or a face turned
 * away is seen; null when it cannot be told (no face model in the page): the capture then goes on.
 */
export type StartCheck = (start: string) => Promise<boolean | null>;

/**
 * Whether `last`, a move's last frame, shows the move made from `start`, the capture's first frame,
 * as far as the page asks (@idv/contracts `turnToward`, to `MOVE_GUIDE_TURN`, past the server's
 * minimum, where a live head's depth shows); null when it cannot be told
 * (no face model in the page, no face found): the capture then goes on as timed.
 */
export type MoveCheck = (move: LivenessMove, start: string, last: string) => Promise<boolean | null>;

/** What a capture gives the submission: the selfie, and the capture (empty when there was no challenge). */
export interface GuidedSelfie {
  selfie: string;
  proofOfLife: LivenessCapture | '';
}

export interface CaptureCamera {
  /** The selfie: the current frame at upload size, or null when the camera gives none. */
  selfie(): string | null;
  /** A frame of the capture: the current frame, small (within LIMITS.livenessFrameMaxBytes), or null. */
  frame(): string | null;
}

export class CaptureFailed extends Error {
  constructor() {
    super('the camera gave no picture');
    this.name = 'CaptureFailed';
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Runs a capture: the selfie at once, then the challenge's moves on the timeline, saying each
 * through `onProgress`. With `checkStart`, a start not seen facing the camera (a person who looked
 * at the Capture button as they pressed it) is asked for once more before the first move: the
 * selfie and the frames at the camera are taken again, since the server measures every move from
 * the first and refuses a start turned away. With `checkMove`, a move not seen made in its last
 * frame is asked for once more, and more frames of it taken (CAPTURE_TIMING.furtherFrames).
 * Either way, what comes after it comes that much later. Without a challenge (it could not be had)
 * the selfie alone is the result, which the server takes as a submission without a capture.
 * Rejects with CaptureFailed when the camera gives no picture, or with the signal's reason when
 * aborted (camera closed).
 */
export async function runCapture(options: {
  challenge: LivenessChallenge | null;
  camera: CaptureCamera;
  onProgress: (progress: CaptureProgress) => void;
  signal: AbortSignal;
  checkStart?: StartCheck;
  checkMove?: MoveCheck;
}): Promise<GuidedSelfie> {
  const { challenge, camera, onProgress, signal, checkStart, checkMove } = options;
  onProgress({ phase: 'look' });
  const takeSelfie = () => {
    const taken = camera.selfie();
    if (!taken) throw new CaptureFailed();
    return taken;
  };
  let selfie = takeSelfie();
  if (!challenge) return { selfie, proofOfLife: '' };
  let frames: LivenessCapture['frames'] = [];
  const take = (step: LivenessCaptureStep, flow?: true) => {
    const image = camera.frame();
    if (!image) throw new CaptureFailed();
    frames.push({ step, image, ...(flow && { flow }) });
    return image;
  };
  /** The start again, as at Capture: the selfie and the frames at the camera, then as long until the first move. */
  const takeStartAgain = async () => {
    selfie = takeSelfie();
    frames = [];
    let since = 0;
    for (const atMs of CAPTURE_TIMING.faceCameraFramesAtMs) {
      await wait(atMs - since, signal);
      since = atMs;
      take('face_camera');
    }
    await wait(CAPTURE_TIMING.firstMoveAtMs - since, signal);
  };
  const startedAt = Date.now();
  /** Time added by the checks and by the moves asked for once more: the rest of the timeline moves on by it. */
  let lateMs = 0;
  let asked: Extract<CaptureProgress, { phase: 'move' }> | undefined;
  for (const event of captureTimeline(challenge.moves)) {
    const dueInMs = startedAt + event.atMs + lateMs - Date.now();
    if (dueInMs > 0) await wait(dueInMs, signal);
    if (event.kind === 'move' && event.index === 0 && checkStart) {
      const checkedFrom = Date.now();
      const facing = await checkStart(frames[0].image).catch(() => null);
      signal.throwIfAborted();
      if (facing === false) {
        onProgress({ phase: 'look', again: true });
        await wait(CAPTURE_TIMING.furtherMs, signal);
        await takeStartAgain();
      }
      lateMs += Date.now() - checkedFrom;
    }
    if (event.kind === 'move') {
      asked = { phase: 'move', move: event.move, index: event.index, count: event.count };
      onProgress(asked);
      continue;
    }
    const image = take(event.step, event.flow);
    if (!event.closesMove || !checkMove || !asked) continue;
    const checkedFrom = Date.now();
    const made = await checkMove(asked.move, frames[0].image, image).catch(() => null);
    signal.throwIfAborted();
    if (made === false) {
      onProgress({ ...asked, further: true });
      let since = 0;
      for (const { share, flow } of CAPTURE_TIMING.furtherFrames) {
        const atMs = Math.round(share * CAPTURE_TIMING.furtherMs);
        await wait(atMs - since, signal);
        since = atMs;
        take(event.step, flow);
      }
    }
    lateMs += Date.now() - checkedFrom;
  }
  return { selfie, proofOfLife: { challenge: challenge.challenge, frames } };
}

/** The mean brightness (0-255) of RGBA pixels: below DARK_LUMA the face cannot be seen well enough. */
export function meanLuma(rgba: ArrayLike<number>): number {
  let sum = 0;
  const pixels = Math.floor(rgba.length / 4);
  for (let i = 0; i < pixels; i++) sum += 0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2];
  return pixels ? sum / pixels : 0;
}

export const DARK_LUMA = 40;
