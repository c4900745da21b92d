import { CAPTURE_TIMING, type LivenessMove } from '@idv/contracts';
import sharp from 'sharp';
import { type MoveSeenByPage, pictureCapture } from './capture-sequences';

describe('a capture as the page guides it ("A little further")', () => {
  const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
  // a capture renders 11-17 frames of 640 x 480: seconds each
  const RENDERS_MS = 60_000;
  let frame: Buffer;
  let unguided: Awaited<ReturnType<typeof pictureCapture>>;

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
      const guided = await pictureCapture(frame, 'printed-photo', moves, 7, seen);
      expect(asked).toEqual(moves);
      expect(guided.map((f) => f.step)).toEqual(unguided.map((f) => f.step));
      expect(guided.every((f, i) => f.jpeg.equals(unguided[i].jpeg))).toBe(true);
    },
    RENDERS_MS,
  );

  it(
    'takes two more frames of a move not seen made, and leaves every other frame as it was',
    async () => {
      const seen: MoveSeenByPage = async (move) => move !== 'look_up';
      const guided = await pictureCapture(frame, 'printed-photo', moves, 7, seen);
      const more = CAPTURE_TIMING.furtherFrameShares.length;
      expect(guided).toHaveLength(unguided.length + more);
      // two at the camera, three of turn_left, three of look_up and the two taken once more, three of turn_right
      const kept = [...guided.slice(0, 8), ...guided.slice(8 + more)];
      expect(kept.every((f, i) => f.step === unguided[i].step && f.jpeg.equals(unguided[i].jpeg))).toBe(true);
      expect(guided.slice(8, 8 + more).map((f) => f.step)).toEqual(Array(more).fill('look_up'));
      expect(guided.slice(8, 8 + more).some((f) => f.jpeg.equals(guided[7].jpeg))).toBe(false);
    },
    RENDERS_MS,
  );
});
