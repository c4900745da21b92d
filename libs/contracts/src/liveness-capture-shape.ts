import type { LivenessCaptureStep, LivenessMove } from './liveness';
import { CAPTURE_TIMING } from './liveness-capture-timing';

/**
 * The fewest frames of each move a capture may hold: as many as the page takes on its timeline
 * (CAPTURE_TIMING.moveFrameShares; six when a move is asked for once more). The server follows the
 * face's points from frame to frame, and a step longer than the page's loses them on a quick turn
 * (docs/liveness.md, "A frame early in each move, for the flow alone": from the start to 45 % of a
 * move in one step lost every point); it judges the move on its frames after the first, which is
 * for the flow alone. Its figures were all measured on captures of this timeline.
 */
export const MIN_FRAMES_PER_MOVE = CAPTURE_TIMING.moveFrameShares.length;

/**
 * Whether a capture's frames, by the step each was taken during, follow the challenge's `moves` as
 * the page takes them (mf-verify head-turn-capture.ts): frames looking at the camera first, then the
 * frames of each move in the challenge's order, at least MIN_FRAMES_PER_MOVE of each, and nothing
 * else. svc-sessions refuses a capture that does not (`liveness_capture_invalid`) before anything is
 * recorded: a client that sends one frame a move, or the moves in another order, learns so at once,
 * and its person is not refused a move they may well have made.
 */
export function captureFollowsChallenge(moves: readonly LivenessMove[], steps: readonly LivenessCaptureStep[]): boolean {
  let at = 0;
  const run = (step: LivenessCaptureStep) => {
    const from = at;
    while (steps[at] === step) at++;
    return at - from;
  };
  if (run('face_camera') < 1) return false;
  for (const move of moves) if (run(move) < MIN_FRAMES_PER_MOVE) return false;
  return at === steps.length;
}
