import type { LivenessCaptureStep, LivenessMove } from './liveness';
import { CAPTURE_TIMING } from './liveness-capture-timing';

const judged = (frames: readonly { flow?: true }[]) => frames.filter((frame) => !frame.flow).length;

/**
 * The fewest frames of each move a capture may hold: as many as the page takes on its timeline
 * (CAPTURE_TIMING.moveFrames), those for the flow alone too. The server follows the face's points
 * from frame to frame, and a longer step loses them on a quick turn (docs/liveness.md, "Frames
 * between, for the flow alone"). Its figures were all measured on captures of this timeline.
 */
export const MIN_FRAMES_PER_MOVE = CAPTURE_TIMING.moveFrames.length;
/**
 * How many of a move's frames it is judged on (those not for the flow alone): as many as the page
 * takes, at least, and at most as many once the move is asked for once more. More would only be
 * more chances for a head that does not follow the arrows to be seen turned the asked way.
 */
export const JUDGED_FRAMES_PER_MOVE = {
  min: judged(CAPTURE_TIMING.moveFrames),
  max: judged(CAPTURE_TIMING.moveFrames) + judged(CAPTURE_TIMING.furtherFrames),
} as const;

/** What the shape check reads of a capture's frame: the step it was taken in, and whether it is for the flow alone. */
export interface CaptureFrameShape {
  step: LivenessCaptureStep;
  flow?: true;
}

/**
 * Whether a capture's frames, by the step each was taken during and whether it is for the flow
 * alone, follow the challenge's `moves` as the page takes them (mf-verify head-turn-capture.ts):
 * frames looking at the camera first (none for the flow alone), then the frames of each move in
 * the challenge's order, at least MIN_FRAMES_PER_MOVE of each, of which JUDGED_FRAMES_PER_MOVE are
 * judged, and nothing else. svc-sessions refuses a capture that does not
 * (`liveness_capture_invalid`) before anything is recorded: a client that sends one frame a move,
 * or the moves in another order, learns so at once, and its person is not refused a move they may
 * well have made.
 */
export function captureFollowsChallenge(moves: readonly LivenessMove[], frames: readonly CaptureFrameShape[]): boolean {
  let at = 0;
  const run = (step: LivenessCaptureStep) => {
    const from = at;
    while (frames[at]?.step === step) at++;
    return frames.slice(from, at);
  };
  const atCamera = run('face_camera');
  if (atCamera.length < 1 || atCamera.some((frame) => frame.flow)) return false;
  for (const move of moves) {
    const taken = run(move);
    const judgedCount = judged(taken);
    if (taken.length < MIN_FRAMES_PER_MOVE || judgedCount < JUDGED_FRAMES_PER_MOVE.min || judgedCount > JUDGED_FRAMES_PER_MOVE.max) return false;
  }
  return at === frames.length;
}
