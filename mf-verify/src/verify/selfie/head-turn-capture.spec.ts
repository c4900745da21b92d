import { CAPTURE_TIMING, LIMITS, type LivenessChallenge, captureFollowsChallenge } from '@idv/contracts';
import { CaptureFailed, type CaptureProgress, captureTimeline, meanLuma, runCapture } from './head-turn-capture';

const challenge: LivenessChallenge = {
  challenge: 'signed',
  kind: 'head_turns',
  moves: ['turn_right', 'look_up', 'turn_left'],
  attempt: 1,
  expiresAt: '2026-11-26T10:02:00.000Z',
};

/** A camera whose frames (and selfies) say when they were taken. */
function clockCamera(start: number) {
  let frames = 0;
  return {
    selfie: () => `data:image/jpeg;base64,SELFIEat${Date.now() - start}`,
    frame: () => `data:image/jpeg;base64,F${frames++}at${Date.now() - start}`,
  };
}
const takenAtOf = (image: string) => Number(/at(\d+)$/.exec(image)?.[1]);

describe('captureTimeline', () => {
  it('takes two frames at the camera, then asks for each move in the challenge order with eight frames during it, within the server limit', () => {
    const timeline = captureTimeline(challenge.moves);
    const frames = timeline.filter((event) => event.kind === 'frame');
    expect(frames.map((frame) => frame.step)).toEqual([
      'face_camera',
      'face_camera',
      ...['turn_right', 'look_up', 'turn_left'].flatMap((move) => Array(8).fill(move)),
    ]);
    // of each move's frames, those at 45, 75 and 100 % of its time are judged; the others are for the flow alone
    const marks = [true, true, true, false, true, false, true, false];
    expect(frames.map((frame) => frame.kind === 'frame' && frame.flow === true)).toEqual([false, false, ...marks, ...marks, ...marks]);
    expect(frames.length).toBeLessThanOrEqual(LIMITS.livenessFramesMax);
    expect(timeline.filter((event) => event.kind === 'move').map((event) => event.kind === 'move' && [event.move, event.index, event.count])).toEqual([
      ['turn_right', 0, 3],
      ['look_up', 1, 3],
      ['turn_left', 2, 3],
    ]);
    // In time order, and each move's frames after it is asked for and before the next one is.
    const times = timeline.map((event) => event.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const lastFrame = frames[frames.length - 1].atMs;
    // The guided capture takes a person at most 8 s more than a plain selfie (docs/liveness.md).
    expect(lastFrame).toBeLessThanOrEqual(8000);
    expect(lastFrame).toBe(CAPTURE_TIMING.firstMoveAtMs + 3 * CAPTURE_TIMING.moveMs);
  });

  it('refuses a challenge with more moves than the server takes frames for', () => {
    expect(() => captureTimeline(['turn_left', 'turn_right', 'look_up', 'look_down', 'turn_left'])).toThrow(/too many frames/);
  });
});

describe('runCapture', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives the selfie and the frames of each move, taken on the timeline, and says each move as it comes', async () => {
    const said: CaptureProgress[] = [];
    const result = runCapture({ challenge, camera: clockCamera(Date.now()), onProgress: (p) => said.push(p), signal: new AbortController().signal });
    await jest.runAllTimersAsync();
    const { selfie, proofOfLife } = await result;
    expect(selfie).toBe('data:image/jpeg;base64,SELFIEat0');
    if (proofOfLife === '') throw new Error('no capture');
    expect(proofOfLife.challenge).toBe('signed');
    expect(proofOfLife.frames.map((frame) => frame.step)).toEqual(
      captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.step] : [])),
    );
    const takenAt = proofOfLife.frames.map((frame) => takenAtOf(frame.image));
    expect(takenAt).toEqual(captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.atMs] : [])));
    // each frame marked as the timeline marks it, and the shape svc-sessions takes a capture in
    expect(proofOfLife.frames.map((frame) => frame.flow ?? false)).toEqual(
      captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.flow ?? false] : [])),
    );
    expect(captureFollowsChallenge(challenge.moves, proofOfLife.frames)).toBe(true);
    expect(said).toEqual([
      { phase: 'look' },
      { phase: 'move', move: 'turn_right', index: 0, count: 3 },
      { phase: 'move', move: 'look_up', index: 1, count: 3 },
      { phase: 'move', move: 'turn_left', index: 2, count: 3 },
    ]);
  });

  it("asks once more for a move the page's face model does not see made, and takes four more frames of it; the moves after it come that much later", async () => {
    const said: CaptureProgress[] = [];
    const checked: string[] = [];
    const result = runCapture({
      challenge,
      camera: clockCamera(Date.now()),
      onProgress: (p) => said.push(p),
      signal: new AbortController().signal,
      // look_up is not seen made; the first move is, and the face model cannot tell the last
      checkMove: async (move, start, last) => {
        checked.push(`${move} ${start.slice(-8)} ${last.slice(-8)}`);
        return move === 'look_up' ? false : move === 'turn_right' ? true : null;
      },
    });
    await jest.runAllTimersAsync();
    const { proofOfLife } = await result;
    if (proofOfLife === '') throw new Error('no capture');
    // eight frames of each move on its time; look_up, not seen made, four more, two of them judged
    const steps = proofOfLife.frames.map((frame) => frame.step);
    expect(steps).toEqual([
      'face_camera',
      'face_camera',
      ...['turn_right', 'look_up', 'turn_left'].flatMap((move) => Array(move === 'look_up' ? 12 : 8).fill(move)),
    ]);
    expect(proofOfLife.frames.slice(18, 22).map((frame) => frame.flow ?? false)).toEqual([true, false, true, false]);
    expect(captureFollowsChallenge(challenge.moves, proofOfLife.frames)).toBe(true);
    // each move's last frame on its time is checked against the capture's first
    const images = proofOfLife.frames.map((frame) => frame.image);
    expect(checked).toEqual([9, 17, 29].map((last) => `${steps[last]} ${images[0].slice(-8)} ${images[last].slice(-8)}`));
    const takenAt = proofOfLife.frames.map((frame) => takenAtOf(frame.image));
    const onTime = captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.atMs] : []));
    // look_up's frames taken once more at a quarter, half, three quarters and the end of furtherMs
    // after its last on time; turn_left's frames that much later than timed
    expect(takenAt.slice(0, 18)).toEqual(onTime.slice(0, 18));
    expect(takenAt.slice(18, 22)).toEqual([0.25, 0.5, 0.75, 1].map((share) => onTime[17] + share * CAPTURE_TIMING.furtherMs));
    expect(takenAt.slice(22)).toEqual(onTime.slice(18).map((atMs) => atMs + CAPTURE_TIMING.furtherMs));
    expect(said).toEqual([
      { phase: 'look' },
      { phase: 'move', move: 'turn_right', index: 0, count: 3 },
      { phase: 'move', move: 'look_up', index: 1, count: 3 },
      { phase: 'move', move: 'look_up', index: 1, count: 3, further: true },
      { phase: 'move', move: 'turn_left', index: 2, count: 3 },
    ]);
  });

  it("asks once more for a start the page's face model does not see facing the camera, and takes the selfie and the start again before the first move", async () => {
    const said: CaptureProgress[] = [];
    const looked: string[] = [];
    const start = Date.now();
    const result = runCapture({
      challenge,
      camera: clockCamera(start),
      onProgress: (p) => said.push(p),
      signal: new AbortController().signal,
      // the first start is turned away (the person looked at the button as they pressed it); the second faces the camera
      checkStart: async (image) => {
        looked.push(image);
        return looked.length > 1;
      },
    });
    await jest.runAllTimersAsync();
    const { selfie, proofOfLife } = await result;
    if (proofOfLife === '') throw new Error('no capture');
    // checked once, on the first start; the start taken again is the server's to judge
    expect(looked).toEqual(['data:image/jpeg;base64,F0at0']);
    const [first, second] = CAPTURE_TIMING.faceCameraFramesAtMs;
    const again = CAPTURE_TIMING.firstMoveAtMs + CAPTURE_TIMING.furtherMs;
    expect(takenAtOf(selfie)).toBe(again);
    // the turned start is not sent: the frames at the camera are those taken again, as far apart, and the rest as timed after them
    expect(proofOfLife.frames.map((frame) => frame.step)).toEqual(
      captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.step] : [])),
    );
    const takenAt = proofOfLife.frames.map((frame) => takenAtOf(frame.image));
    expect(takenAt.slice(0, 2)).toEqual([again + first, again + second]);
    const onTime = captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.atMs] : []));
    expect(takenAt.slice(2)).toEqual(onTime.slice(2).map((atMs) => atMs + again));
    expect(said).toEqual([
      { phase: 'look' },
      { phase: 'look', again: true },
      { phase: 'move', move: 'turn_right', index: 0, count: 3 },
      { phase: 'move', move: 'look_up', index: 1, count: 3 },
      { phase: 'move', move: 'turn_left', index: 2, count: 3 },
    ]);
  });

  it('goes on as timed from a start seen facing the camera, or where the start check cannot tell or fails', async () => {
    for (const checkStart of [async () => true, async () => null, () => Promise.reject(new Error('no WebGL'))]) {
      const said: CaptureProgress[] = [];
      const result = runCapture({
        challenge,
        camera: clockCamera(Date.now()),
        onProgress: (p) => said.push(p),
        signal: new AbortController().signal,
        checkStart,
      });
      await jest.runAllTimersAsync();
      const { selfie, proofOfLife } = await result;
      expect(takenAtOf(selfie)).toBe(0);
      expect(proofOfLife !== '' && proofOfLife.frames.map((frame) => takenAtOf(frame.image))).toEqual(
        captureTimeline(challenge.moves).flatMap((event) => (event.kind === 'frame' ? [event.atMs] : [])),
      );
      expect(said.filter((p) => p.phase === 'look')).toEqual([{ phase: 'look' }]);
    }
  });

  it('goes on as timed when the move check fails, and never takes more frames than the server allows', async () => {
    const failing = runCapture({
      challenge,
      camera: clockCamera(Date.now()),
      onProgress: () => undefined,
      signal: new AbortController().signal,
      checkMove: () => Promise.reject(new Error('no WebGL')),
    });
    await jest.runAllTimersAsync();
    const taken = await failing;
    expect(taken.proofOfLife !== '' && taken.proofOfLife.frames).toHaveLength(26);
    const never = runCapture({
      challenge,
      camera: clockCamera(Date.now()),
      onProgress: () => undefined,
      signal: new AbortController().signal,
      checkMove: async () => false,
    });
    await jest.runAllTimersAsync();
    const allAgain = await never;
    // every move asked for once more: the most a capture takes, and the most the server accepts
    expect(allAgain.proofOfLife !== '' && allAgain.proofOfLife.frames.length).toBe(38);
    expect(LIMITS.livenessFramesMax).toBe(38);
  });

  it('without a challenge, gives the selfie alone and an empty capture at once', async () => {
    await expect(
      runCapture({ challenge: null, camera: clockCamera(Date.now()), onProgress: () => undefined, signal: new AbortController().signal }),
    ).resolves.toEqual({
      selfie: 'data:image/jpeg;base64,SELFIEat0',
      proofOfLife: '',
    });
  });

  it('stops when the camera is closed mid-capture, and fails when the camera gives no picture', async () => {
    const controller = new AbortController();
    const closed = runCapture({ challenge, camera: clockCamera(Date.now()), onProgress: () => undefined, signal: controller.signal });
    const settled = expect(closed).rejects.toBe('closed');
    await jest.advanceTimersByTimeAsync(1000);
    controller.abort('closed');
    await settled;

    const blank = { selfie: () => 'data:image/jpeg;base64,SELFIEat0', frame: () => null };
    const failed = runCapture({ challenge, camera: blank, onProgress: () => undefined, signal: new AbortController().signal });
    const failing = expect(failed).rejects.toBeInstanceOf(CaptureFailed);
    await jest.runAllTimersAsync();
    await failing;
    await expect(
      runCapture({ challenge, camera: { selfie: () => null, frame: () => null }, onProgress: () => undefined, signal: new AbortController().signal }),
    ).rejects.toBeInstanceOf(CaptureFailed);
  });
});

describe('meanLuma', () => {
  it('is the mean brightness of the pixels: black 0, white 255, a dim room below the too-dark line', () => {
    expect(meanLuma([0, 0, 0, 255, 0, 0, 0, 255])).toBe(0);
    expect(meanLuma([255, 255, 255, 255])).toBeCloseTo(255);
    expect(meanLuma([30, 30, 30, 255, 20, 25, 40, 255])).toBeLessThan(40);
  });
});
