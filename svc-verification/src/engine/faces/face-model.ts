import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { faceCrop } from './face-crop';
import { fineDetailOf } from './face-detail';
import { type FacePatches, alignedFacePatches } from './face-patch';
import type { RgbImage } from './rgb-image';

/** One face found in an image. */
export interface DetectedFace {
  /** 1,024 numbers describing the face (faceres); empty for a face `describe` only counts. */
  embedding: number[];
  /** Detector confidence, 0..1. */
  score: number;
  /** x, y, width, height in pixels. */
  box: [number, number, number, number];
  /** Passive anti-spoof score, 0..1 (advisory only). */
  real?: number;
  /** The face mesh (468 points: x and y in pixels, z relative depth), from the `pose` and `describe` passes. */
  mesh?: [number, number, number][];
  /** The described face's own detail, aligned (face-patch.ts): `describe` gives it for its first face. */
  patches?: FacePatches;
  /** How much of its detail is at the image's finest scale (face-detail.ts): `describe` gives it for its first face. */
  fineDetail?: number;
  /**
   * How strongly its edges lie on a regular grid, as a pixelated picture's blocks do (block-grid.ts):
   * the engine measures it for the selfie's first face only, where the pixelated-selfie rule looks.
   */
  blockGrid?: number;
  /**
   * How sharply its steps between pixels repeat at one period, as a picture enlarged from a much
   * smaller one's do (resampling-trace.ts): measured with blockGrid, where the enlarged-selfie rule looks.
   */
  resamplingTrace?: number;
}

export type { RgbImage } from './rgb-image';

// The node-wasm build, required by absolute path (the package's exports do not list it).
const HUMAN_ROOT = path.dirname(require.resolve('@vladmandic/human'));
export const HUMAN_PACKAGE = path.resolve(HUMAN_ROOT, '..');
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
/** The models' thread (face-worker.cjs): in src under jest, in dist once built (the build copies it). */
const WORKER_FILE = path.join(__dirname, 'face-worker.cjs');

type Pass = 'find' | 'describe' | 'pose';
type WorkerReply = { ready: true } | { id: number; faces: DetectedFace[] } | { id: number; error: string };

/** A started models' thread and the images it was sent that it has not answered yet. */
interface FaceThread {
  worker: Worker;
  loaded: boolean;
  pending: Map<number, { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void }>;
}

/**
 * Face detection and description with @vladmandic/human (node-wasm, models from its package), on
 * a thread of its own (face-worker.cjs): its detections run synchronously for up to a few hundred
 * milliseconds each, and on the main thread they held up NATS, so a submission that arrived during
 * another person's check waited for it. Loaded once at start-up; results are never cached between
 * images (cacheSensitivity 0). One image at a time, in the order asked.
 */
@Injectable()
export class FaceModel implements OnApplicationShutdown {
  private readonly logger = new Logger(FaceModel.name);
  /** The thread in use (loading or loaded); a thread that ended is dropped and a new one started. */
  private thread?: FaceThread;
  private loading?: Promise<FaceThread>;
  private nextId = 1;

  get ready(): boolean {
    return this.thread?.loaded === true;
  }

  async load(): Promise<void> {
    await this.started();
  }

  /** The models' thread, started (and its models loaded) on first use, and again if it ever ended. */
  private started(): Promise<FaceThread> {
    this.loading ??= new Promise<FaceThread>((resolve, reject) => {
      const startedAt = Date.now();
      // Referenced (it keeps the process alive) only while loading or working: an idle thread
      // does not hold a test run or a build step open.
      const thread: FaceThread = {
        worker: new Worker(WORKER_FILE, { workerData: { humanPackage: HUMAN_PACKAGE, wasmDir: WASM_DIR } }),
        loaded: false,
        pending: new Map(),
      };
      this.thread = thread;
      const { worker, pending } = thread;
      worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) {
          // Nothing is sent before the models are loaded (run awaits started()): idle now.
          worker.unref();
          thread.loaded = true;
          this.logger.log(`face models loaded in ${Date.now() - startedAt} ms`);
          return resolve(thread);
        }
        const waiting = pending.get(reply.id);
        pending.delete(reply.id);
        if (pending.size === 0) worker.unref();
        if ('error' in reply) waiting?.reject(new Error(`face models: ${reply.error}`));
        else waiting?.resolve(reply.faces);
      });
      const ended = (error: Error) => {
        reject(error);
        for (const waiting of pending.values()) waiting.reject(error);
        pending.clear();
        if (this.thread !== thread) return;
        this.thread = undefined;
        this.loading = undefined;
      };
      worker.on('error', ended);
      worker.on('exit', (code) => ended(new Error(`the face models' thread ended (exit code ${code})`)));
    });
    return this.loading;
  }

  async onApplicationShutdown(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    this.loading = undefined;
    await thread?.worker.terminate();
  }

  /** The faces in an image, each described where it is found, largest detector score first. */
  async detect(image: RgbImage): Promise<DetectedFace[]> {
    return (await this.run(image, 'describe')).filter((face) => face.embedding.length > 0);
  }

  /**
   * The faces in an image, largest detector score first; the first is described from its own
   * crop, upscaled (face-crop.ts), the way a document's small portrait and a selfie are compared.
   * The others are found, not described (empty embedding): they are only counted.
   */
  async describe(image: RgbImage): Promise<DetectedFace[]> {
    let found = await this.run(image, 'find');
    if (found.length === 0) found = await this.findInHalves(image);
    if (found.length === 0) return [];
    const [best, ...others] = found;
    const crop = await faceCrop(image, best.box);
    const [inCrop] = (await this.run(crop, 'describe')).filter((face) => face.embedding.length > 0);
    // The crop's own detection should always find the face; if not, describe it where it was found.
    const [described, describedIn] = inCrop ? [inCrop, crop] : [(await this.detect(image))[0], image];
    if (!described) return [];
    const patches = alignedFacePatches(describedIn, described.mesh);
    return [{ ...best, embedding: described.embedding, real: described.real, patches, fineDetail: fineDetailOf(image, best.box) }, ...others];
  }

  /**
   * The faces in a frame with their face meshes, largest detector score first, not described: what
   * liveness needs to follow a head's pose (liveness/head-pose.ts), at the cost of a find.
   */
  async pose(image: RgbImage): Promise<DetectedFace[]> {
    return (await this.run(image, 'pose')).filter((face) => face.mesh && face.mesh.length > 0);
  }

  /**
   * Looks again in two overlapping halves of the image (left and right, or top and bottom), where
   * a face is twice as large to the detector: a card's portrait photographed with its surroundings
   * may be too small and soft to be found in the whole. Boxes are given in the whole image.
   */
  private async findInHalves(image: RgbImage): Promise<DetectedFace[]> {
    const found: DetectedFace[] = [];
    for (const half of overlappingHalves(image)) {
      const faces = await this.run(await extract(image, half), 'find');
      found.push(
        ...faces.map((face) => ({ ...face, box: [face.box[0] + half.left, face.box[1] + half.top, face.box[2], face.box[3]] as DetectedFace['box'] })),
      );
    }
    return found.sort((a, b) => b.score - a.score);
  }

  /** One pass of the models over an image, largest detector score first. */
  private async run(image: RgbImage, pass: Pass): Promise<DetectedFace[]> {
    const { worker, pending } = await this.started();
    const id = this.nextId++;
    // A copy of exactly the image's bytes (a Buffer may be a view of a larger pool), moved to the thread.
    const data = new Uint8Array(image.data);
    const faces = await new Promise<DetectedFace[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, pass, data, width: image.width, height: image.height }, [data.buffer]);
    });
    return faces.sort((a, b) => b.score - a.score);
  }
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Two halves along the longer side, each 60 % of it, so that a face on the middle line is whole in one. */
export function overlappingHalves({ width, height }: { width: number; height: number }): Region[] {
  if (width >= height) {
    const w = Math.round(width * 0.6);
    return [
      { left: 0, top: 0, width: w, height },
      { left: width - w, top: 0, width: w, height },
    ];
  }
  const h = Math.round(height * 0.6);
  return [
    { left: 0, top: 0, width, height: h },
    { left: 0, top: height - h, width, height: h },
  ];
}

async function extract(image: RgbImage, region: Region): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Cosine distance of two descriptors: 0 for the same direction, up to 2 for opposite ones. */
export function faceDistance(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 2 : 1 - dot / Math.sqrt(normA * normB);
}
