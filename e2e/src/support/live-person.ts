import { LIVENESS_MOVES, type LivenessMove, noseOffset } from '@idv/contracts';
import sharp from 'sharp';
// The evaluation's renderer of a live head (docs/liveness.md, "Head turns, measured") and the face
// model the checks use: the person at this camera is the one the evaluation measures.
import { FaceModel } from '../../../svc-verification/src/engine/faces/face-model';
import { HEAD_TURN_THRESHOLDS } from '../../../svc-verification/src/engine/liveness/head-turn-thresholds';
import { facesTheCamera } from '../../../svc-verification/src/engine/liveness/head-turns';
import { type CapturedFrame, FACE_DEPTH_SCALE, cameraFrame, faceTriangles, liveCapture } from '../../../svc-verification/eval/liveness/capture-sequences';
import type { Point3 } from '../../../svc-verification/eval/liveness/render-pose';

/**
 * A live head's views, as the camera sees them: looking at it, each move on the way, nearly there and
 * there, and, where asked for, `away`: looking down (at the page's Capture button), too far for a
 * start the server takes.
 */
export type LivePoses = Record<'face_camera' | LivenessMove, string[]> & { away?: string[] };

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * A live head made from a photo's face (the face model's mesh of it, with a face's depth, turned as
 * the evaluation turns it): its view looking at the camera and three views of each move, and with
 * `away`, its view looking furthest down of those the server's start rule refuses. Refused for a
 * face that does not look at the camera in its photo, where no capture starts, and, with `away`,
 * for a head that never looks down that far.
 */
export async function livePoses(face: Buffer, { away = false }: { away?: boolean } = {}): Promise<LivePoses> {
  const frame = await cameraFrame(face, 0);
  const model = new FaceModel();
  await model.load();
  const meshOf = async (jpeg: Buffer) => {
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return (await model.pose({ data, width: info.width, height: info.height }))[0]?.mesh;
  };
  try {
    const mesh = await meshOf(frame);
    if (!mesh || !facesTheCamera(mesh, HEAD_TURN_THRESHOLDS)) throw new Error('this face does not look at the camera in its photo');
    const triangles = await faceTriangles();
    // Two captures hold every move once (each renders its moves from the same head, turned as far).
    const [first, second] = [LIVENESS_MOVES.slice(0, 3), [LIVENESS_MOVES[3], ...LIVENESS_MOVES.slice(0, 2)]];
    const views: Partial<Record<keyof LivePoses, CapturedFrame[]>> = {};
    for (const moves of [first, second]) {
      for (const captured of await liveCapture(frame, mesh as Point3[], triangles, moves, 7, FACE_DEPTH_SCALE)) (views[captured.step] ??= []).push(captured);
    }
    // A move's views are the first capture's frames it is judged on (on the way, nearly there,
    // there): its frames for the flow alone, on the way between, are not views the person holds.
    const held = (step: string, frames: CapturedFrame[]) =>
      (step === 'face_camera' ? frames.slice(0, 1) : frames.filter((f) => !f.flow).slice(0, 3)).map((f) => f.jpeg);
    const poses = Object.fromEntries(Object.entries(views).map(([step, frames]) => [step, held(step, frames).map(dataUrl)])) as LivePoses;
    if (!away) return poses;
    let furthest: { jpeg: Buffer; down: number } | undefined;
    for (const jpeg of held('look_down', views.look_down ?? [])) {
      const looking = await meshOf(jpeg);
      if (!looking || facesTheCamera(looking, HEAD_TURN_THRESHOLDS)) continue;
      const { down } = noseOffset(looking);
      if (!furthest || down > furthest.down) furthest = { jpeg, down };
    }
    if (!furthest) throw new Error('this head never looks down far enough for a start the server refuses');
    return { ...poses, away: [dataUrl(furthest.jpeg)] };
  } finally {
    await model.onApplicationShutdown();
  }
}

/**
 * The page's camera as a live person before it: a script for the page (Playwright's init script)
 * that answers getUserMedia with a stream drawn from `poses`, looking at the camera until an arrow of
 * the guided capture shows (mf-verify's `.move-arrow.arrow-<side>`), then turning that way as a person
 * does at the page's pace: on the way for its first second, nearly there for half a second, then
 * there. It follows what the page shows, not the challenge: no order is known in advance. A person
 * slow to react (`reactAfterMs`) keeps looking at the camera that long after each arrow shows. A
 * person who looks at the Capture button (`looksAtButton`) looks down, away from the camera, until
 * the capture asks for something once more (`.capture-guide-fix`: to look straight at the camera).
 */
export function livePersonCamera(
  poses: LivePoses,
  { reactAfterMs = 0, looksAtButton = false }: { reactAfterMs?: number; looksAtButton?: boolean } = {},
): string {
  if (looksAtButton && !poses.away) throw new Error('a person who looks at the button needs the view looking away: livePoses(face, { away: true })');
  return `(() => {
  const poses = ${JSON.stringify(poses)};
  const reactAfterMs = ${reactAfterMs};
  let atButton = ${looksAtButton};
  const moveOf = { 'arrow-left': 'turn_left', 'arrow-right': 'turn_right', 'arrow-up': 'look_up', 'arrow-down': 'look_down' };
  const images = {};
  for (const [step, urls] of Object.entries(poses)) images[step] = urls.map((url) => Object.assign(new Image(), { src: url }));
  let arrow = null;
  let since = 0;
  const view = () => {
    if (atButton && document.querySelector('.capture-guide-fix')) atButton = false;
    if (atButton) return images.away[0];
    const shown = document.querySelector('.move-arrow');
    if (!shown) return images.face_camera[0];
    if (shown !== arrow) [arrow, since] = [shown, performance.now()];
    const side = Object.keys(moveOf).find((name) => shown.classList.contains(name));
    const elapsed = performance.now() - since - reactAfterMs;
    if (elapsed < 0) return images.face_camera[0];
    return images[moveOf[side]][elapsed < 1050 ? 0 : elapsed < 1550 ? 1 : 2];
  };
  // One camera for the page, drawn from when it is first asked for; each call gets a stream of its own.
  let canvas = null;
  navigator.mediaDevices.getUserMedia = async () => {
    if (!canvas) {
      canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
      const context = canvas.getContext('2d');
      const draw = () => {
        const image = view();
        if (image.complete) context.drawImage(image, 0, 0, 640, 480);
      };
      draw();
      setInterval(draw, 33);
    }
    return canvas.captureStream(30);
  };
})();`;
}
