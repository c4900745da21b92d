import { CAPTURE_TIMING, type LivenessMove } from '@idv/contracts';
import sharp from 'sharp';
import { type MoveSeenByPage, type StartSeenByPage, facingPose, pictureCapture } from './capture-sequences';
import type { Pose } from './render-pose';

describe('a capture as the page guides it ("A little further")', () => {
  const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
  // a capture renders 26-38 frames of 640 x 480: seconds each
  const RENDERS_MS = 60_000;
  let frame: Buffer;
  let unguided: Awaited<ReturnType<typeof pictureCapture>>;
  // the page sees the start look at the camera: nothing to turn
  const facing: StartSeenByPage = async () => ({ across: 0.05, down: -0.1 });

  beforeAll(async () => {
    frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a7a6a' } })
      .jpeg()
      .toBuffer();
    unguided = await pictureCapture(frame, 'printed-photo', moves, 7);
  }, RENDERS_MS);

  it(
    'is the unguided capture when the page sees every move made, and asks after each move’s last frame only',
    async () => {
      const asked: LivenessMove[] = [];
      const seen: MoveSeenByPage = async (move) => {
        asked.push(move);
        return true;
      };
      const guided = await pictureCapture(frame, 'printed-photo', moves, 7, { startSeen: facing, moveSeen: seen });
      expect(asked).toEqual(moves);
      expect(guided.map((f) => f.step)).toEqual(unguided.map((f) => f.step));
      expect(guided.every((f, i) => f.jpeg.equals(unguided[i].jpeg))).toBe(true);
    },
    RENDERS_MS,
  );

  it(
    'takes more frames of a move not seen made, as the page does, and leaves every other frame as it was',
    async () => {
      const seen: MoveSeenByPage = async (move) => move !== 'look_up';
      const guided = await pictureCapture(frame, 'printed-photo', moves, 7, { startSeen: facing, moveSeen: seen });
      const more = CAPTURE_TIMING.furtherFrames.length;
      expect(guided).toHaveLength(unguided.length + more);
      // two at the camera, eight of turn_left, eight of look_up and the four taken once more, eight of turn_right
      const asked = 2 + 2 * CAPTURE_TIMING.moveFrames.length;
      const kept = [...guided.slice(0, asked), ...guided.slice(asked + more)];
      expect(kept.every((f, i) => f.step === unguided[i].step && f.jpeg.equals(unguided[i].jpeg))).toBe(true);
      expect(guided.slice(asked, asked + more).map((f) => f.step)).toEqual(Array(more).fill('look_up'));
      // each frame marked for the flow alone as the page marks it
      const marks = (frames: { flow?: true }[]) => frames.map((f) => f.flow === true);
      const pageMarks = (further: boolean) => marks([...CAPTURE_TIMING.moveFrames, ...(further ? CAPTURE_TIMING.furtherFrames : [])]);
      expect(marks(guided)).toEqual([false, false, ...pageMarks(false), ...pageMarks(true), ...pageMarks(false)]);
      expect(guided.slice(asked, asked + more).some((f) => f.jpeg.equals(guided[asked - 1].jpeg))).toBe(false);
    },
    RENDERS_MS,
  );
});

describe('a start as the page guides it ("Look straight at the camera")', () => {
  /** A renderer whose frame says its pose, and a page that reads the nose from it: `across` and `down` at no turn, less for each degree turned back. */
  const scene = (across: number, down: number, perDegree = 0.01) => {
    const render = async (pose: Pose) => Buffer.from(JSON.stringify(pose));
    const seen: StartSeenByPage = async (frame) => {
      const { yaw = 0, pitch = 0 } = JSON.parse(frame.toString()) as Pose;
      const [yawDegrees, pitchDegrees] = [(yaw * 180) / Math.PI, (pitch * 180) / Math.PI];
      return { across: across - perDegree * yawDegrees, down: down + perDegree * pitchDegrees };
    };
    return { render, seen };
  };
  const degreesOf = (pose: Pose) => ({ yaw: Math.round(((pose.yaw ?? 0) * 180) / Math.PI), pitch: Math.round(((pose.pitch ?? 0) * 180) / Math.PI) });

  it('leaves a start the page sees look at the camera as it is', async () => {
    const { render, seen } = scene(0.35, -0.38);
    expect(degreesOf(await facingPose(render, seen))).toEqual({ yaw: 0, pitch: 0 });
  });

  it('turns a head (or a picture) toward the camera 5 degrees at a time, on each axis over the page’s bound, until the page sees it', async () => {
    // a nose toward the image's right and low: turned back with a positive yaw and a negative pitch
    const { render, seen } = scene(0.52, 0.47);
    expect(degreesOf(await facingPose(render, seen))).toEqual({ yaw: 15, pitch: -10 });
    const other = scene(-0.46, -0.2);
    expect(degreesOf(await facingPose(other.render, other.seen))).toEqual({ yaw: -10, pitch: 0 });
  });

  it('stops at 30 degrees, and where the page sees no face', async () => {
    const { render, seen } = scene(0.9, 0, 0.001);
    expect(degreesOf(await facingPose(render, seen))).toEqual({ yaw: 30, pitch: 0 });
    expect(degreesOf(await facingPose(render, async () => undefined))).toEqual({ yaw: 0, pitch: 0 });
  });
});
