import { Injectable } from '@nestjs/common';
import type { LivenessCaptureStep, LivenessMove } from '@idv/contracts';
import sharp from 'sharp';
import { FaceModel } from '../faces/face-model';
import { type CheckedImage, decodeForChecks } from '../images/image-input';
import { HEAD_TURN_THRESHOLDS } from './head-turn-thresholds';
import { type HeadTurnDecision, type PoseFrame, decideHeadTurns, movesSeen, startFrame } from './head-turns';
import { type GrayFrame, SurfaceMotion } from './surface-motion';

/** A capture as svc-verification holds it: the challenge's moves (checked by svc-sessions) and the frames, each checked as an image. */
export interface LivenessEvidence {
  moves: LivenessMove[];
  frames: { step: LivenessCaptureStep; image: CheckedImage }[];
}

/** Frames are measured at camera size: a larger frame buys the tracking nothing and costs every pass. */
const FRAME_MAX_EDGE = 640;

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
   */
  async decide(
    evidence: LivenessEvidence,
    stop?: AbortSignal,
  ): Promise<{ decision: HeadTurnDecision; start?: { data: Buffer; width: number; height: number } }> {
    const decoded = [];
    for (const frame of evidence.frames) {
      stop?.throwIfAborted();
      decoded.push(await decodeForChecks(frame.image, FRAME_MAX_EDGE));
    }
    const [first] = decoded;
    if (!first || decoded.some((frame) => frame.width !== first.width || frame.height !== first.height)) {
      return { decision: { live: false, refusal: 'not_one_camera', moves: [] } };
    }
    const poses: PoseFrame[] = [];
    for (const [index, frame] of decoded.entries()) {
      stop?.throwIfAborted();
      const [face] = await this.faces.pose(frame);
      poses.push({ step: evidence.frames[index].step, mesh: face?.mesh });
    }
    const seen = movesSeen(evidence.moves, poses);
    const startIndex = startFrame(poses);
    const startMesh = poses[startIndex]?.mesh;
    if (startMesh) {
      const grays = await Promise.all(decoded.map(gray));
      for (const move of seen) {
        stop?.throwIfAborted();
        if (move.frames.length === 0) continue;
        const reading = await this.surface.measure([grays[startIndex], ...move.frames.map((index) => grays[index])], startMesh);
        move.noseShift = reading.noseShift;
      }
    }
    return { decision: decideHeadTurns(poses, seen, HEAD_TURN_THRESHOLDS), start: decoded[startIndex] };
  }
}

async function gray({ data, width, height }: { data: Buffer; width: number; height: number }): Promise<GrayFrame> {
  const grey = await sharp(data, { raw: { width, height, channels: 3 } })
    .greyscale()
    .raw()
    .toBuffer();
  return { data: new Uint8Array(grey.buffer, grey.byteOffset, grey.length), width, height };
}
