import { Injectable } from '@nestjs/common';
import type { LivenessCaptureStep, LivenessMove } from '@idv/contracts';
import sharp from 'sharp';
import { FaceModel } from '../faces/face-model';
import { type CheckedImage, decodeForChecks } from '../images/image-input';
import { textureSqueezeOf } from './foreshortening';
import { HEAD_TURN_THRESHOLDS } from './head-turn-thresholds';
import {
  type HeadTurnDecision,
  type MoveSeen,
  type PoseFrame,
  decideHeadTurns,
  facesTheCamera,
  moveMade,
  movesSeen,
  showsDepth,
  startFrame,
} from './head-turns';
import { type GrayFrame, SurfaceMotion, type SurfaceMotionReading } from './surface-motion';

/** A capture as svc-verification holds it: the challenge's moves (checked by svc-sessions) and the frames, each checked as an image. */
export interface LivenessEvidence {
  moves: LivenessMove[];
  frames: { step: LivenessCaptureStep; flow?: true; image: CheckedImage }[];
}

/** Frames are measured at camera size: a larger frame buys the tracking nothing and costs every pass. */
export const FRAME_MAX_EDGE = 640;

/**
 * The head-turn liveness decision on a capture (docs/liveness.md): each frame's face mesh (the
 * face model's `pose` pass) says where the head pointed, so whether each move of the challenge
 * was made in its turn (head-turns.ts); the face's own points followed through each move say
 * whether what moved was a head or a flat picture (surface-motion.ts). The frames are decoded
 * here, in memory, and dropped with the check.
 */
@Injectable()
export class HeadTurnLiveness {
  constructor(
    private readonly faces: FaceModel,
    private readonly surface: SurfaceMotion,
  ) {}

  /**
   * The decision, and the start frame's pixels for the caller's same-person check (the selfie must
   * show whoever made the moves). Frames of different sizes are not one camera's: not live.
   *
   * `thorough` measures every frame and every move, for figures (the evaluation, the advisory
   * record an operator reads). Otherwise the work stops where the decision is known, and the
   * decision is the same (decideHeadTurns on what was measured): the start is the first frame at
   * the camera with a face; a move's judged frames are meshed from its last, until one shows it
   * made (the move is made when any of them went far enough; its frames for the flow alone are
   * never meshed); a start not facing the camera or a move
   * not made refuses without the optical flow; the flow stops at the first move that shows no
   * head's depth (flat, or its points lost: decideHeadTurns names the refusal by that move); and
   * only a capture that every other rule takes has the rest of its moves' frames meshed, for the
   * squeeze (the most any frame of a move squeezed the face; the flow reads the texture's squeeze
   * over every frame of each move it measures, at no further cost).
   */
  async decide(
    evidence: LivenessEvidence,
    stop?: AbortSignal,
    { thorough = false }: { thorough?: boolean } = {},
  ): Promise<{ decision: HeadTurnDecision; start?: { data: Buffer; width: number; height: number } }> {
    const decoded: Awaited<ReturnType<typeof decodeForChecks>>[] = [];
    for (const frame of evidence.frames) {
      stop?.throwIfAborted();
      decoded.push(await decodeForChecks(frame.image, FRAME_MAX_EDGE));
    }
    const [first] = decoded;
    if (!first || decoded.some((frame) => frame.width !== first.width || frame.height !== first.height)) {
      return { decision: { live: false, refusal: 'not_one_camera', moves: [] } };
    }
    // A frame not meshed counts as one without a face: only frames the decision cannot do without are left so.
    const poses: PoseFrame[] = evidence.frames.map(({ step, flow }) => ({ step, ...(flow && { flow }) }));
    const meshed = new Set<number>();
    const pose = async (index: number) => {
      if (!meshed.has(index)) {
        stop?.throwIfAborted();
        meshed.add(index);
        const [face] = await this.faces.pose(decoded[index]);
        poses[index].mesh = face?.mesh;
      }
      return poses[index].mesh;
    };
    // A move's frames for the flow alone are never meshed: nothing reads a mesh of them.
    if (thorough) for (const index of decoded.keys()) if (!poses[index].flow) await pose(index);
    for (const [index, frame] of poses.entries()) if (frame.step === 'face_camera' && (await pose(index))) break;
    const startIndex = startFrame(poses);
    const startMesh = poses[startIndex]?.mesh;
    const startFacesCamera = startMesh !== undefined && facesTheCamera(startMesh, HEAD_TURN_THRESHOLDS);
    if (startFacesCamera) {
      for (const move of evidence.moves) {
        const made = () => moveMade(movesSeen([move], poses)[0], HEAD_TURN_THRESHOLDS);
        const judged = movesSeen([move], poses)[0].judged.reverse();
        for (const index of judged) if ((await pose(index)) && made()) break;
        if (!made()) break; // refused: move_not_made, whatever the other moves show
      }
    }
    const madeSoFar = movesSeen(evidence.moves, poses);
    const flowDecides = startFacesCamera && madeSoFar.every((move) => moveMade(move, HEAD_TURN_THRESHOLDS));
    const readings: DepthReading[] = [];
    if (startMesh && (thorough || flowDecides)) {
      const grays = await Promise.all(decoded.map(grayFrameOf));
      for (const [i, move] of madeSoFar.entries()) {
        stop?.throwIfAborted();
        if (move.frames.length === 0) continue;
        readings[i] = depthReadingOf(move.move, await this.surface.measure([grays[startIndex], ...move.frames.map((index) => grays[index])], startMesh));
        if (!thorough && !showsDepth(readings[i], HEAD_TURN_THRESHOLDS)) break; // refused: flat or points_lost
      }
    }
    // A move's squeeze is the most any of its judged frames showed: where it is all that is left to decide, every judged frame of the moves is meshed.
    const deep = madeSoFar.every((_, i) => showsDepth(readings[i] ?? {}, HEAD_TURN_THRESHOLDS));
    if (flowDecides && deep) for (const move of madeSoFar) for (const index of move.judged) await pose(index);
    const seen = movesSeen(evidence.moves, poses).map((move, i) => ({ ...move, ...readings[i] }));
    return { decision: decideHeadTurns(poses, seen, HEAD_TURN_THRESHOLDS), start: decoded[startIndex] };
  }
}

/** What the flow's reading of a move says of its depth (head-turns.ts' showsDepth decides on it). */
export type DepthReading = Pick<MoveSeen, 'noseShift' | 'textureSqueeze' | 'followedThrough'>;

/**
 * What the flow's reading of a move says of it: the nose's shift off the face's plane, and the
 * texture's squeeze along the move's axis (each absent when not measured), and whether the face's
 * points were followed to the move's last frame.
 */
export function depthReadingOf(move: LivenessMove, reading: SurfaceMotionReading): DepthReading {
  const { noseShift, followedThrough } = reading;
  const textureSqueeze = textureSqueezeOf(move, reading.aspects);
  return { ...(noseShift === undefined ? {} : { noseShift }), ...(textureSqueeze === undefined ? {} : { textureSqueeze }), followedThrough };
}

/** An RGB frame's grey levels, as the surface motion measure takes them. */
export async function grayFrameOf({ data, width, height }: { data: Buffer; width: number; height: number }): Promise<GrayFrame> {
  const grey = await sharp(data, { raw: { width, height, channels: 3 } })
    .greyscale()
    .raw()
    .toBuffer();
  return { data: new Uint8Array(grey.buffer, grey.byteOffset, grey.length), width, height };
}
