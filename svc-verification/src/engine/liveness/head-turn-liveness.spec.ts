import sharp from 'sharp';
import type { LivenessMove } from '@idv/contracts';
import { dataUrlOf, peopleFromPackagePhotos, selfieOf } from '@idv/id-fixtures';
import { type CapturedFrame, FACE_DEPTH_SCALE, cameraFrame, faceTriangles, liveCapture, pictureCapture } from '../../../eval/liveness/capture-sequences';
import type { Point3 } from '../../../eval/liveness/render-pose';
import { FaceModel } from '../faces/face-model';
import { checkImage } from '../images/image-input';
import { HeadTurnLiveness } from './head-turn-liveness';
import { HEAD_TURN_THRESHOLDS } from './head-turn-thresholds';
import { SurfaceMotion } from './surface-motion';

/**
 * The head-turn decision on captures the evaluation's renderer makes (docs/liveness.md, "Head
 * turns, measured"): a face that looks at the camera in its photo (package photo 6, its second
 * face), turned with a face's depth, and the same photo printed and held up. One capture of each,
 * so that a change that flattens heads, or that takes a picture for one, shows here; the error
 * rates are the evaluation's (`npm run eval:liveness`).
 */
describe('HeadTurnLiveness', () => {
  const faces = new FaceModel();
  const surface = new SurfaceMotion();
  const liveness = new HeadTurnLiveness(faces, surface);
  const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
  let frame: Buffer;

  beforeAll(async () => {
    await faces.load();
    const people = await peopleFromPackagePhotos();
    frame = await cameraFrame(await selfieOf(people[16]), 0);
  }, 120000);

  afterAll(async () => {
    await faces.onApplicationShutdown();
    await surface.onApplicationShutdown();
  });

  /** The decision measured in full (as the evaluation does) and as a check does, stopping where it is known: both must agree. */
  const decide = async (captured: CapturedFrame[]) => {
    const evidence = {
      moves,
      frames: await Promise.all(captured.map(async (f) => ({ step: f.step, ...(f.flow && { flow: f.flow }), image: await checkImage(dataUrlOf(f.jpeg)) }))),
    };
    const meshes = jest.spyOn(faces, 'pose');
    const { decision } = await liveness.decide(evidence, undefined, { thorough: true });
    const thoroughMeshes = meshes.mock.calls.length;
    meshes.mockClear();
    const quick = (await liveness.decide(evidence)).decision;
    const quickMeshes = meshes.mock.calls.length;
    meshes.mockRestore();
    expect({ live: quick.live, refusal: quick.refusal }).toEqual({ live: decision.live, refusal: decision.refusal });
    return { decision, thoroughMeshes, quickMeshes };
  };

  it("takes a head that turns as asked, with a face's depth, for a live head; a check meshes fewer of its frames for the same decision", async () => {
    const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [face] = await faces.pose({ data, width: info.width, height: info.height });
    const captured = await liveCapture(frame, face.mesh as Point3[], await faceTriangles(), moves, 1, FACE_DEPTH_SCALE);
    const { decision, thoroughMeshes, quickMeshes } = await decide(captured);
    expect(decision).toMatchObject({ live: true });
    expect(thoroughMeshes).toBe(11);
    expect(quickMeshes).toBeLessThan(thoroughMeshes);
  }, 60000);

  it.each(['printed-photo', 'bent-print'] as const)(
    'finds the same face as a %s, turned toward each move, flat in every move',
    async (kind) => {
      const { decision } = await decide(await pictureCapture(frame, kind, moves, 1));
      expect(decision.live).toBe(false);
      // whatever else refuses it (here its landmarks did not turn far enough), no move shows a head's depth
      expect(decision.moves.map((move) => (move.noseShift ?? 0) < HEAD_TURN_THRESHOLDS.minNoseShift)).toEqual([true, true, true]);
    },
    60000,
  );
});
