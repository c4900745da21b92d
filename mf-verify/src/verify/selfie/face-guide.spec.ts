import { FACING_CAMERA_MAX_NOSE_OFFSET, MESH_POINTS, type MeshPoint } from '@idv/contracts';
import { HOLD_STILL_SHARE, MIN_FACE_WIDTH_SHARE, faceFinder, faceGuidance, pageCaptureChecks, startFacesCamera, turnedFarEnough } from './face-guide';

/** A 468-point mesh of a 200 x 240 px face at (100, 50) whose nose tip sits at `across`, `down` (noseOffset units). */
function mesh(across: number, down: number): MeshPoint[] {
  const points: MeshPoint[] = Array.from({ length: 468 }, () => [200, 170, 0]);
  points[MESH_POINTS.cheekImageLeft] = [100, 170, 0];
  points[MESH_POINTS.cheekImageRight] = [300, 170, 0];
  points[MESH_POINTS.forehead] = [200, 50, 0];
  points[MESH_POINTS.chin] = [200, 290, 0];
  points[MESH_POINTS.noseTip] = [200 + across * 100, 170 + down * 120, 0];
  return points;
}
const box = (width: number) => [100, 50, width, width * 1.2] as const;

describe('faceGuidance: what the page says of the face before Capture', () => {
  it('says so when no face is seen', () => {
    expect(faceGuidance(undefined, 640)).toBe('noFace');
  });

  it('asks a face too small for the oval to come closer, whichever way it looks', () => {
    expect(faceGuidance({ box: box(MIN_FACE_WIDTH_SHARE * 640 - 1), mesh: mesh(0.8, 0) }, 640)).toBe('moveCloser');
    expect(faceGuidance({ box: box(MIN_FACE_WIDTH_SHARE * 640 + 1), mesh: mesh(0, 0) }, 640)).toBe('ready');
  });

  it('asks a face turned away to look at the camera, by the rule the server starts a capture from', () => {
    const just = FACING_CAMERA_MAX_NOSE_OFFSET;
    expect(faceGuidance({ box: box(200), mesh: mesh(just + 0.05, 0) }, 640)).toBe('lookAtCamera');
    expect(faceGuidance({ box: box(200), mesh: mesh(-just - 0.05, 0) }, 640)).toBe('lookAtCamera');
    expect(faceGuidance({ box: box(200), mesh: mesh(0, just + 0.05) }, 640)).toBe('lookAtCamera');
    expect(faceGuidance({ box: box(200), mesh: mesh(just - 0.05, -just + 0.05) }, 640)).toBe('ready');
  });

  it('asks a face that moved since the last look to hold still, before anything else it shows', () => {
    const still = { box: box(200), mesh: mesh(0, 0) };
    const moved = (dx: number, dy: number, width = 200) => ({ box: [100 + dx, 50 + dy, width, width * 1.2] as const, mesh: mesh(0.8, 0) });
    const far = HOLD_STILL_SHARE * 200;
    expect(faceGuidance(moved(far + 2, 0), 640, still)).toBe('holdStill');
    expect(faceGuidance(moved(0, far + 2), 640, still)).toBe('holdStill');
    // nearer or further: the box grows or shrinks about the same middle
    expect(faceGuidance({ ...moved(-30, -36, 260) }, 640, still)).toBe('holdStill');
    // the sway of a person holding still is not moving; the face then gets the rest of the rules
    expect(faceGuidance(moved(far - 10, 0), 640, still)).toBe('lookAtCamera');
    expect(faceGuidance({ box: box(204), mesh: mesh(0, 0) }, 640, still)).toBe('ready');
    // no face before (the first look, or none seen): nothing to compare
    expect(faceGuidance(still, 640, undefined)).toBe('ready');
  });

  it('says ready for a face found without a mesh only by its size', () => {
    expect(faceGuidance({ box: box(200) }, 640)).toBe('ready');
  });
});

describe("turnedFarEnough: whether a move went as far as the page asks, past the server's minimum", () => {
  const start = { box: box(200), mesh: mesh(0.05, 0.2) };
  it('sees a head turned 2.5 times the minimum toward the asked side, and not one turned short, only just made, or the other way', () => {
    // turn_left raises the nose's offset across; the server counts 0.1 as made (MOVE_MIN_TURN), the page asks for 0.25
    expect(turnedFarEnough('turn_left', start, { box: box(200), mesh: mesh(0.31, 0.2) })).toBe(true);
    expect(turnedFarEnough('turn_left', start, { box: box(200), mesh: mesh(0.16, 0.2) })).toBe(false);
    expect(turnedFarEnough('turn_left', start, { box: box(200), mesh: mesh(0.12, 0.2) })).toBe(false);
    expect(turnedFarEnough('turn_right', start, { box: box(200), mesh: mesh(0.31, 0.2) })).toBe(false);
    expect(turnedFarEnough('turn_right', start, { box: box(200), mesh: mesh(-0.21, 0.2) })).toBe(true);
    // looking up lowers it down: the server counts 0.03, the page asks for 0.075
    expect(turnedFarEnough('look_up', start, { box: box(200), mesh: mesh(0.05, 0.12) })).toBe(true);
    expect(turnedFarEnough('look_up', start, { box: box(200), mesh: mesh(0.05, 0.16) })).toBe(false);
    expect(turnedFarEnough('look_down', start, { box: box(200), mesh: mesh(0.05, 0.28) })).toBe(true);
    expect(turnedFarEnough('look_down', start, { box: box(200), mesh: mesh(0.05, 0.24) })).toBe(false);
  });
  it('cannot tell without a face in both', () => {
    expect(turnedFarEnough('turn_left', start, undefined)).toBeNull();
    expect(turnedFarEnough('turn_left', undefined, start)).toBeNull();
    expect(turnedFarEnough('turn_left', { box: box(200) }, start)).toBeNull();
  });
});

describe("startFacesCamera: whether a capture's first frame is a start the server measures from", () => {
  it('takes a face that looks at the camera, and not one turned away or no face at all (the person looked elsewhere)', () => {
    const just = FACING_CAMERA_MAX_NOSE_OFFSET;
    expect(startFacesCamera({ box: box(200), mesh: mesh(just - 0.05, 0) })).toBe(true);
    expect(startFacesCamera({ box: box(200), mesh: mesh(0, just + 0.05) })).toBe(false);
    expect(startFacesCamera({ box: box(200), mesh: mesh(-just - 0.05, 0) })).toBe(false);
    expect(startFacesCamera(undefined)).toBe(false);
  });
  it('cannot tell for a face found without a mesh', () => {
    expect(startFacesCamera({ box: box(200) })).toBeNull();
  });
});

describe('faceFinder', () => {
  it('is null where the face model cannot run (no WebGL, no public path): the page then guides as before', async () => {
    await expect(faceFinder()).resolves.toBeNull();
  });

  it('leaves the start and every move check unanswered (null) there: the capture then goes on as timed', async () => {
    const { checkStart, checkMove } = pageCaptureChecks();
    await expect(checkStart('data:image/jpeg;base64,A')).resolves.toBeNull();
    await expect(checkMove('turn_left', 'data:image/jpeg;base64,A', 'data:image/jpeg;base64,B')).resolves.toBeNull();
  });
});
