/**
 * Guidance on the face in the live view before Capture (docs/liveness.md, "The guided capture"):
 * no face, moving, too far, not looking at the camera, or ready. A face model runs in the page for it
 * (@vladmandic/human: its face detector and mesh, 1.5 MB of script and 2.2 MB of weights, loaded
 * only when the camera opens, from this remote's own files). It only guides: the server decides
 * from the frames, and where the model cannot run (no WebGL, a failed load) the page says nothing
 * more than before.
 */
import { type LivenessMove, type Mesh, facesTheCamera, turnedAsFarAsThePageAsks } from '@idv/contracts';
import type { MoveCheck, StartCheck } from './head-turn-capture';

/** What the page says of the face it sees. */
export type FaceGuidance = 'noFace' | 'holdStill' | 'moveCloser' | 'lookAtCamera' | 'ready';

/** A face narrower than this share of the frame is too far to fill the oval (42 % of the view's width). */
export const MIN_FACE_WIDTH_SHARE = 0.2;
/** How often the live view is looked at for a face. */
export const FACE_GUIDE_EVERY_MS = 800;
/**
 * A face whose middle moved more than this share of its width since the last look (0.8 s or more
 * before), or whose width changed by more than this share, is moving: a person who sways as they
 * breathe moves a few hundredths of it.
 */
export const HOLD_STILL_SHARE = 0.2;

/** A face found in the view: its box (x, y, width, height, in pixels) and its mesh. */
export interface FoundFace {
  box: readonly [number, number, number, number];
  mesh?: Mesh;
}

/**
 * The guidance for the face found (or none) in a frame `frameWidth` pixels wide, given the face the
 * last look found (`before`): the first thing wrong, in the order a person fixes them (a moving face's
 * size and turn say little until it holds still); `lookAtCamera` by the rule the server starts a
 * capture from (@idv/contracts `facesTheCamera`), so that "ready" means the start it will accept.
 */
export function faceGuidance(face: FoundFace | undefined, frameWidth: number, before?: FoundFace): FaceGuidance {
  if (!face) return 'noFace';
  if (before && isMoving(before, face)) return 'holdStill';
  if (face.box[2] < MIN_FACE_WIDTH_SHARE * frameWidth) return 'moveCloser';
  if (face.mesh && face.mesh.length > 0 && !facesTheCamera(face.mesh)) return 'lookAtCamera';
  return 'ready';
}

/** Whether the face moved, or came nearer or went further, between two looks (HOLD_STILL_SHARE). */
function isMoving(before: FoundFace, now: FoundFace): boolean {
  const [x0, y0, w0, h0] = before.box;
  const [x1, y1, w1, h1] = now.box;
  const width = Math.max(w0, w1);
  const shift = Math.hypot(x1 + w1 / 2 - (x0 + w0 / 2), y1 + h1 / 2 - (y0 + h0 / 2));
  return shift > HOLD_STILL_SHARE * width || Math.abs(w1 - w0) > HOLD_STILL_SHARE * width;
}

export interface FaceFinder {
  /** The most prominent face in the video's current frame, or in a picture, if any. */
  find(view: HTMLVideoElement | HTMLImageElement): Promise<FoundFace | undefined>;
}

/**
 * Whether the face in `last` turned as far toward the side `move` asks for as the page asks, from
 * the face in `start`: the server's turn (@idv/contracts `turnToward`), to `MOVE_GUIDE_TURN`, 2.5
 * times the server's minimum, where a live head's depth shows; null when either has no face or
 * mesh: then nothing can be said.
 */
export function turnedFarEnough(move: LivenessMove, start: FoundFace | undefined, last: FoundFace | undefined): boolean | null {
  if (!start?.mesh?.length || !last?.mesh?.length) return null;
  return turnedAsFarAsThePageAsks(move, start.mesh, last.mesh);
}

/**
 * Whether the face found in a capture's first frame looks at the camera by the rule the server
 * starts from: false for no face (the person looked away) or a face turned away; null when the face
 * has no mesh, so nothing can be said.
 */
export function startFacesCamera(start: FoundFace | undefined): boolean | null {
  if (!start) return false;
  if (!start.mesh?.length) return null;
  return facesTheCamera(start.mesh);
}

/**
 * The start and move checks for one capture (head-turn-capture.ts `StartCheck`, `MoveCheck`) with
 * this page's face model: each frame (a data URL) is looked at once, so the start's face, looked at
 * for the start check, is kept for every move; null for every check where the model cannot run.
 */
export function pageCaptureChecks(): { checkStart: StartCheck; checkMove: MoveCheck } {
  const finder = faceFinder();
  const looked = new Map<string, Promise<FoundFace | undefined>>();
  const faceIn = (model: FaceFinder, url: string) => {
    let face = looked.get(url);
    if (!face) {
      const picture = new Image();
      picture.src = url;
      face = picture.decode().then(() => model.find(picture));
      looked.set(url, face);
    }
    return face;
  };
  return {
    async checkStart(start) {
      const model = await finder;
      return model && startFacesCamera(await faceIn(model, start));
    },
    async checkMove(move, start, last) {
      const model = await finder;
      return model && turnedFarEnough(move, await faceIn(model, start), await faceIn(model, last));
    },
  };
}

/** Where this remote's files are served from (rspack's public path: 'auto' finds it at run time). */
declare const __webpack_public_path__: string | undefined;

let loading: Promise<FaceFinder | null> | undefined;

/** The face model, loaded once on first use; null where it cannot run (then there is no face guidance). */
export function faceFinder(): Promise<FaceFinder | null> {
  loading ??= loadFaceFinder().catch(() => null);
  return loading;
}

async function loadFaceFinder(): Promise<FaceFinder | null> {
  if (typeof __webpack_public_path__ !== 'string' || typeof WebGLRenderingContext === 'undefined') return null;
  const { Human } = await import(/* webpackChunkName: "face-model" */ '@vladmandic/human');
  const human = new Human({
    backend: 'webgl',
    // the weights are copied next to this remote's scripts (rspack.config.mjs)
    modelBasePath: new URL('face-models/', new URL(__webpack_public_path__, window.location.href)).href,
    debug: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return {
    async find(view) {
      const [face] = (await human.detect(view)).face;
      return face ? { box: face.box, mesh: face.mesh as Mesh } : undefined;
    },
  };
}
