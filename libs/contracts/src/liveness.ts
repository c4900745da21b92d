/**
 * Liveness (docs/liveness.md): the face at the camera is a live person. Each attempt's capture
 * follows a challenge that svc-sessions issues: moves in a random order, which a photo, a
 * recording of an earlier attempt or a video made in advance cannot know.
 */

/** The moves a head-turn challenge asks for, one at a time. */
export const LIVENESS_MOVES = ['turn_left', 'turn_right', 'look_up', 'look_down'] as const;
export type LivenessMove = (typeof LIVENESS_MOVES)[number];

/** Kinds of challenge; a person who cannot make one kind's moves will be offered another. */
export const LIVENESS_CHALLENGE_KINDS = ['head_turns'] as const;
export type LivenessChallengeKind = (typeof LIVENESS_CHALLENGE_KINDS)[number];

/**
 * What each frame of a capture was taken during: looking at the camera before the moves, or one
 * of the moves. The server finds the moves in the frames; the steps only say when each was taken.
 */
export const LIVENESS_CAPTURE_STEPS = ['face_camera', ...LIVENESS_MOVES] as const;
export type LivenessCaptureStep = (typeof LIVENESS_CAPTURE_STEPS)[number];
