import { LIVENESS_MOVES, type LivenessMove, noseOffset } from '@idv/contracts';
import sharp from 'sharp';
// The evaluation's renderer of a live head (docs/liveness.md, "Head turns, measured") and the face
// model the checks use: the person at this camera is the one the evaluation measures.
import { FaceModel } from '../../../svc-verification/src/engine/faces/face-model';
import { HEAD_TURN_THRESHOLDS } from '../../../svc-verification/src/engine/liveness/head-turn-thresholds';
import { facesTheCamera } from '../../../svc-verification/src/engine/liveness/head-turns';
import { FACE_DEPTH_SCALE, cameraFrame, faceTriangles, liveCapture } from '../../../svc-verification/eval/liveness/capture-sequences';
import type { Point3 } from '../../../svc-verification/eval/liveness/render-pose';

/**
 * A live head's views, as the camera sees them: looking at it, each move on the way, nearly there and
 * there, and `away`: looking down (at the page's Capture button), too far for a start the server takes.
 */
export type LivePoses = Record<'face_camera' | LivenessMove | 'away', string[]>;

/**
 * A live head made from a photo's face (the face model's mesh of it, with a face's depth, turned as
 * the evaluation turns it): its view looking at the camera and three views of each move. Refused for
 * a face that does not look at the camera in its photo, where no capture starts.
 */
export async function livePoses(face: Buffer): Promise<LivePoses> {
  const frame = await cameraFrame(face, 0);
  const model = new FaceModel();
  await model.load();
  try {
    const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [found] = await model.pose({ data, width: info.width, height: info.height });
    if (!found?.mesh || !facesTheCamera(found.mesh, HEAD_TURN_THRESHOLDS)) throw new Error('this face does not look at the camera in its photo');
    const triangles = await faceTriangles();
    // Two captures hold every move once (each renders its moves from the same head, turned as far).
    const [first, second] = [LIVENESS_MOVES.slice(0, 3), [LIVENESS_MOVES[3], ...LIVENESS_MOVES.slice(0, 2)]];
    const poses: Partial<LivePoses> = {};
    for (const moves of [first, second]) {
      const frames = await liveCapture(frame, found.mesh as Point3[], triangles, moves, 7, FACE_DEPTH_SCALE);
      for (const { step, jpeg } of frames) (poses[step] ??= []).push(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    }
    const kept = Object.fromEntries(Object.entries(poses).map(([step, views]) => [step, views.slice(0, step === 'face_camera' ? 1 : 3)])) as Omit<
      LivePoses,
      'away'
    >;
    // the view that looks furthest down, when the server's start rule does not take it
    let away: { url: string; down: number } | undefined;
    for (const url of kept.look_down) {
      const { data, info } = await sharp(Buffer.from(url.split(',')[1], 'base64'))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const [face] = await model.pose({ data, width: info.width, height: info.height });
      if (!face?.mesh || facesTheCamera(face.mesh, HEAD_TURN_THRESHOLDS)) continue;
      const { down } = noseOffset(face.mesh);
      if (!away || down > away.down) away = { url, down };
    }
    if (!away) throw new Error('this head never looks down far enough for a start the server refuses');
    return { ...kept, away: [away.url] };
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
