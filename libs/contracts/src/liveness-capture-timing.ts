/**
 * When things happen in a guided capture (docs/liveness.md "The guided capture"), from the moment
 * it starts: the page (mf-verify head-turn-capture.ts) takes its frames on this timeline, and the
 * evaluation (svc-verification eval:liveness) takes a recording's frames on the same one.
 */
export const CAPTURE_TIMING = {
  /** Frames taken while the person looks at the camera; the first is also the selfie. */
  faceCameraFramesAtMs: [0, 300],
  /** The first move is asked for after this. */
  firstMoveAtMs: 700,
  /** How long each move is shown: time to turn, with a margin for a slow start. */
  moveMs: 1800,
  /**
   * When a move's frames are taken, as shares of its time: just started, on the way, nearly there,
   * there. The first is for the server's flow alone (`flowOnlyMoveFrames`).
   */
  moveFrameShares: [0.25, 0.45, 0.75, 1],
  /**
   * How many of a move's first frames are for following the face's points alone: the server
   * follows them from the start through these into the move (a whole step from the start to 45 %
   * of a move loses them on a quick turn), but reads whether the move was made, and its mesh's
   * squeeze, from the move's other frames, so that more frames are no more chances for a head that
   * does not follow the arrows (docs/liveness.md, "A frame early in each move, for the flow alone").
   */
  flowOnlyMoveFrames: 1,
  /**
   * A move the page's face model does not see made in its last frame is asked for once more
   * ("further"), for this long (a slow person's move). A start it does not see facing the camera
   * is asked for once more for as long, and taken again.
   */
  furtherMs: 1500,
  /**
   * When the frames of a move asked for once more are taken, as shares of `furtherMs`: on the way,
   * there. Two, not one: the server follows the face's points from frame to frame, and a whole turn
   * in one step loses them on a large face (docs/liveness.md, "A person slow to react").
   */
  furtherFrameShares: [0.5, 1],
} as const;
