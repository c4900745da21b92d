import type { LivenessMove } from './liveness';
import { type CaptureFrameShape, JUDGED_FRAMES_PER_MOVE, MIN_FRAMES_PER_MOVE, captureFollowsChallenge } from './liveness-capture-shape';
import { CAPTURE_TIMING } from './liveness-capture-timing';

const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
const atCamera = (count: number): CaptureFrameShape[] => Array.from({ length: count }, () => ({ step: 'face_camera' }));
/** A move's frames as the page takes them, and with `further` as it takes them when it asks for the move once more. */
const taken = (move: LivenessMove, further = false): CaptureFrameShape[] =>
  [...CAPTURE_TIMING.moveFrames, ...(further ? CAPTURE_TIMING.furtherFrames : [])].map(({ flow }) => ({ step: move, ...(flow && { flow }) }));
const each = (order: readonly LivenessMove[]) => order.flatMap((move) => taken(move));

describe('captureFollowsChallenge', () => {
  it("takes the page's capture: two frames at the camera, then each move's frames in the challenge's order, more when asked for once more", () => {
    expect(captureFollowsChallenge(moves, [...atCamera(2), ...taken('turn_left'), ...taken('look_up', true), ...taken('turn_right')])).toBe(true);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...each(moves)])).toBe(true);
  });

  it('asks of each move the frames the page takes: eight, three of them judged, at most five judged once asked for again', () => {
    expect(MIN_FRAMES_PER_MOVE).toBe(8);
    expect(JUDGED_FRAMES_PER_MOVE).toEqual({ min: 3, max: 5 });
  });

  it('refuses a move with fewer frames than the page takes: its steps too long for the face to be followed through them', () => {
    const short = taken('look_up').slice(1);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...taken('turn_left'), ...short, ...taken('turn_right')])).toBe(false);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...moves.map((step) => ({ step }))])).toBe(false);
  });

  it('refuses a move judged on fewer or more frames than the page takes, and a frame at the camera for the flow alone', () => {
    const allForTheFlow = taken('look_up').map((frame) => ({ ...frame, flow: true as const }));
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...taken('turn_left'), ...allForTheFlow, ...taken('turn_right')])).toBe(false);
    const allJudged = taken('look_up', true).map(({ step }) => ({ step }));
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...taken('turn_left'), ...allJudged, ...taken('turn_right')])).toBe(false);
    expect(captureFollowsChallenge(moves, [{ step: 'face_camera', flow: true }, ...each(moves)])).toBe(false);
  });

  it('refuses a capture without a frame at the camera first, with the moves in another order, a move missing or one more, or frames after the moves', () => {
    expect(captureFollowsChallenge(moves, each(moves))).toBe(false);
    expect(captureFollowsChallenge(moves, [...each(moves.slice(0, 1)), ...atCamera(1), ...each(moves.slice(1))])).toBe(false);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...each(['look_up', 'turn_left', 'turn_right'])])).toBe(false);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...each(moves.slice(0, 2))])).toBe(false);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...each([...moves, 'look_down'])])).toBe(false);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...each(moves), ...atCamera(1)])).toBe(false);
    // a move's frames split by another's: not one move at a time
    const split = taken('turn_left', true);
    expect(captureFollowsChallenge(moves, [...atCamera(1), ...split.slice(0, 8), ...each(['look_up']), ...split.slice(8), ...each(['turn_right'])])).toBe(
      false,
    );
    expect(captureFollowsChallenge(moves, [])).toBe(false);
  });
});
