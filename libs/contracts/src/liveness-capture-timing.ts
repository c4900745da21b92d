/**
 * When things happen in a guided capture (docs/liveness.md "The guided capture"), from the moment
 * it starts: the page (mf-verify head-turn-capture.ts) takes its frames on this timeline, and the
 * evaluation (svc-verification eval:liveness) takes a recording's frames on the same one.
 */
export const CAPTURE_TIMING: CaptureTiming = {
  /** Frames taken while the person looks at the camera; the first is also the selfie. */
  faceCameraFramesAtMs: [0, 300],
  /** The first move is asked for after this. */
  firstMoveAtMs: 700,
  /** How long each move is shown: time to turn, with a margin for a slow start. */
  moveMs: 1800,
  /**
   * A move's frames, as shares of its time, in order: the three it is judged on (on the way,
   * nearly there, there), and before and between them frames for the server's flow alone (`flow`),
   * which it follows the face's points through and judges nothing on. A step of a quarter of a move
   * loses the points on a quick turn (docs/liveness.md, "Frames between, for the flow alone"), and
   * frames judged too would only be more chances for a head that does not follow the arrows to be
   * seen turned the asked way.
   */
  moveFrames: [
    { share: 0.125, flow: true },
    { share: 0.25, flow: true },
    { share: 0.35, flow: true },
    { share: 0.45 },
    { share: 0.6, flow: true },
    { share: 0.75 },
    { share: 0.875, flow: true },
    { share: 1 },
  ],
  /**
   * A move the page's face model does not see made in its last frame is asked for once more
   * ("further"), for this long (a slow person's move). A start it does not see facing the camera
   * is asked for once more for as long, and taken again.
   */
  furtherMs: 1500,
  /**
   * The frames of a move asked for once more, as shares of `furtherMs`: on the way and there,
   * judged, each after a frame for the flow alone. Judged, two, not one: the server follows the
   * face's points from frame to frame, and a whole turn in one step loses them on a large face
   * (docs/liveness.md, "A person slow to react").
   */
  furtherFrames: [{ share: 0.25, flow: true }, { share: 0.5 }, { share: 0.75, flow: true }, { share: 1 }],
};

/** The capture's timeline, as CAPTURE_TIMING states it. */
export interface CaptureTiming {
  readonly faceCameraFramesAtMs: readonly number[];
  readonly firstMoveAtMs: number;
  readonly moveMs: number;
  readonly moveFrames: readonly CaptureFrameAt[];
  readonly furtherMs: number;
  readonly furtherFrames: readonly CaptureFrameAt[];
}

/** A frame the page takes during a move: when, as a share of the move's time, and whether it is for the server's flow alone. */
export interface CaptureFrameAt {
  readonly share: number;
  readonly flow?: true;
}
