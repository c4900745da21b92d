import type { LivenessCaptureStep, LivenessMove } from './liveness';
import { MIN_FRAMES_PER_MOVE, captureFollowsChallenge } from './liveness-capture-shape';

const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
const frames = (step: LivenessCaptureStep, count: number): LivenessCaptureStep[] => Array<LivenessCaptureStep>(count).fill(step);

describe('captureFollowsChallenge', () => {
  it("takes the page's capture: two frames at the camera, then four of each move in the challenge's order, six when asked for once more", () => {
    const page = [...frames('face_camera', 2), ...frames('turn_left', 4), ...frames('look_up', 6), ...frames('turn_right', 4)];
    expect(captureFollowsChallenge(moves, page)).toBe(true);
  });

  it("takes one frame at the camera and the page's four frames of each move", () => {
    expect(MIN_FRAMES_PER_MOVE).toBe(4);
    expect(captureFollowsChallenge(moves, ['face_camera', ...moves.flatMap((move) => frames(move, 4))])).toBe(true);
  });

  it('refuses a move with fewer frames than the page takes: its steps too long for the face to be followed through them', () => {
    expect(captureFollowsChallenge(moves, ['face_camera', ...frames('turn_left', 4), ...frames('look_up', 3), ...frames('turn_right', 4)])).toBe(false);
    expect(captureFollowsChallenge(moves, ['face_camera', ...moves])).toBe(false);
  });

  it('refuses a capture without a frame at the camera first, with the moves in another order, a move missing or one more, or frames after the moves', () => {
    const each = (order: readonly LivenessMove[]) => order.flatMap((move) => frames(move, 4));
    expect(captureFollowsChallenge(moves, each(moves))).toBe(false);
    expect(captureFollowsChallenge(moves, [...each(moves.slice(0, 1)), 'face_camera', ...each(moves.slice(1))])).toBe(false);
    expect(captureFollowsChallenge(moves, ['face_camera', ...each(['look_up', 'turn_left', 'turn_right'])])).toBe(false);
    expect(captureFollowsChallenge(moves, ['face_camera', ...each(moves.slice(0, 2))])).toBe(false);
    expect(captureFollowsChallenge(moves, ['face_camera', ...each([...moves, 'look_down'])])).toBe(false);
    expect(captureFollowsChallenge(moves, ['face_camera', ...each(moves), 'face_camera'])).toBe(false);
    // a move's frames split by another's: not one move at a time
    expect(
      captureFollowsChallenge(moves, ['face_camera', ...frames('turn_left', 4), ...each(['look_up']), ...frames('turn_left', 2), ...each(['turn_right'])]),
    ).toBe(false);
    expect(captureFollowsChallenge(moves, [])).toBe(false);
  });
});
