import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FACE_OUTLINE, FACE_REGIONS, type Mesh, faceWidth } from './head-pose';

/**
 * Is what moved in front of the camera flat? Points of the face's own texture (eye corners,
 * nostrils, lips, brows, skin) are followed from the frame that looks at the camera through the
 * frames of a move. Every view of a flat picture, however it is held, turned, tilted or slid, is
 * one plane seen by the camera: one homography carries all its points from the first frame to the
 * last, up to the tracking's noise. A head is not flat: as it turns, its nose, eyes and cheeks, at
 * different depths, move apart, and no homography carries them all. `offPlane` is what is left
 * after the best homography, in face widths (surface-motion-worker.cjs says how).
 *
 * Unlike a face model's landmarks, which the model puts where a face of its training would have
 * them (and so it "turns" a picture of a face that is only foreshortened: the evaluation saw flat
 * prints with as much landmark parallax as heads), these are the image's own points: a picture
 * cannot make them leave its plane.
 */
export interface GrayFrame {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface SurfaceMotionReading {
  /** Root mean square distance from the best homography, in face widths; absent when too few points were followed. */
  offPlane?: number;
  /** Points followed from the first frame to the last. */
  points: number;
  /** How far the nose stands out of the face beyond what one plane explains, in face widths (noseShiftOf). */
  noseShift?: number;
  /**
   * For each frame after the first where enough points are still followed: those points' spread
   * across (x) over their spread down (y), against the same points' in the first frame
   * (foreshortening.ts' textureSqueezeOf reads a move's squeeze from it).
   */
  aspects: number[];
  /**
   * Enough points were followed to the last frame: `aspects` has a reading for every frame after
   * the first, so a squeeze read from them covers the move's most turned frames too.
   */
  followedThrough: boolean;
}

/** The measure's thread: in src under jest, in dist once built (the build copies it). */
const WORKER_FILE = path.join(__dirname, 'surface-motion-worker.cjs');

/** The nose's shift from each of its neighbours, in face widths (a neighbour with too few points followed is absent). */
export type NeighbourShifts = Partial<Record<Exclude<keyof typeof FACE_REGIONS, 'nose'>, number>>;

type Reply = { ready: true } | { id: number; points: number; offPlane?: number; apart?: NeighbourShifts; aspects: number[] } | { id: number; error: string };

/**
 * How far the nose stands out of the face: along it (forehead, chin) and across it (both cheeks),
 * the neighbour it parts from most, and of the two axes the weaker; absent when an axis has no
 * neighbour to compare with. A sheet bent around one axis keeps its nose level with both
 * neighbours along that axis; a head's nose stands out along both. Not the least of the four: a
 * head that starts a little turned has one cheek nearly as near the camera as its nose tip.
 */
export function noseShiftOf(apart: NeighbourShifts): number | undefined {
  const along = [apart.forehead, apart.chin].filter((shift) => shift !== undefined);
  const across = [apart.cheekLeft, apart.cheekRight].filter((shift) => shift !== undefined);
  if (along.length === 0 || across.length === 0) return undefined;
  return Math.min(Math.max(...along), Math.max(...across));
}

@Injectable()
export class SurfaceMotion implements OnApplicationShutdown {
  private worker?: Worker;
  private readonly pending = new Map<number, { steps: number; resolve: (reading: SurfaceMotionReading) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  /**
   * How far the face's texture leaves a plane over `frames` (the first looking at the camera, then
   * a move's, in the order taken). Only points inside the first frame's face outline (`startMesh`)
   * are followed: the background and the hair may move otherwise than the face.
   */
  measure(frames: readonly GrayFrame[], startMesh: Mesh): Promise<SurfaceMotionReading> {
    const worker = this.started();
    const id = this.nextId++;
    const copies = frames.map((frame) => ({ data: new Uint8Array(frame.data), width: frame.width, height: frame.height }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { steps: frames.length - 1, resolve, reject });
      worker.ref();
      worker.postMessage(
        {
          id,
          frames: copies,
          outline: FACE_OUTLINE.map((index) => [startMesh[index][0], startMesh[index][1]]),
          regions: regionsOf(startMesh),
          faceWidth: faceWidth(startMesh),
        },
        copies.map((copy) => copy.data.buffer),
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** The thread, started on first use and again if it ever ended; referenced only while it has work. */
  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    this.worker = worker;
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(`surface motion: ${reply.error}`));
      else if (waiting)
        waiting.resolve({
          points: reply.points,
          offPlane: reply.offPlane,
          noseShift: reply.apart && noseShiftOf(reply.apart),
          aspects: reply.aspects,
          followedThrough: reply.aspects.length === waiting.steps,
        });
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the surface motion thread ended (exit code ${code})`)));
    return worker;
  }
}

/** Where the nose and its neighbours are in the first frame. */
function regionsOf(mesh: Mesh): Record<keyof typeof FACE_REGIONS, [number, number]> {
  return Object.fromEntries(Object.entries(FACE_REGIONS).map(([name, index]) => [name, [mesh[index][0], mesh[index][1]]])) as Record<
    keyof typeof FACE_REGIONS,
    [number, number]
  >;
}
