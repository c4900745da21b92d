import { Injectable, Logger } from '@nestjs/common';
import path from 'node:path';
import sharp from 'sharp';
import { faceCrop } from './face-crop';
import { registerFileModelLoader } from './file-model-loader';

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
}

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

// The node-wasm build, required by absolute path (the package's exports do not list it).
const HUMAN_ROOT = path.dirname(require.resolve('@vladmandic/human'));
export const HUMAN_PACKAGE = path.resolve(HUMAN_ROOT, '..');
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

type HumanInstance = {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: unknown, config?: object): Promise<{ face: { embedding?: number[]; score: number; box: [number, number, number, number]; real?: number }[] }>;
  tf: { tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void } };
};

/** Each pass names every setting it changes: human keeps the settings of the last call. */
const FIND_ONLY = { face: { mesh: { enabled: true }, description: { enabled: false }, antispoof: { enabled: false } } };
const FIND_AND_DESCRIBE = { face: { mesh: { enabled: true }, description: { enabled: true }, antispoof: { enabled: true } } };

/**
 * Face detection and description with @vladmandic/human (node-wasm, models from its package).
 * Loaded once at start-up; results are never cached between images (cacheSensitivity 0).
 * One image at a time: human keeps the settings of its last call, and its model runs on this
 * thread anyway.
 */
@Injectable()
export class FaceModel {
  private readonly logger = new Logger(FaceModel.name);
  private human?: HumanInstance;
  private loading?: Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();

  get ready(): boolean {
    return this.human !== undefined;
  }

  load(): Promise<void> {
    this.loading ??= (async () => {
      const started = Date.now();
      registerFileModelLoader();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(path.join(HUMAN_PACKAGE, 'dist/human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
      const human = new module.Human({
        backend: 'wasm',
        wasmPath: `file://${WASM_DIR}/`,
        modelBasePath: `file://${path.join(HUMAN_PACKAGE, 'models')}/`,
        cacheSensitivity: 0,
        debug: false,
        face: {
          enabled: true,
          detector: { rotation: true, maxDetected: 3, minConfidence: 0.3 },
          mesh: { enabled: true },
          description: { enabled: true },
          iris: { enabled: false },
          emotion: { enabled: false },
          antispoof: { enabled: true },
          liveness: { enabled: false },
        },
        body: { enabled: false },
        hand: { enabled: false },
        object: { enabled: false },
        gesture: { enabled: false },
        segmentation: { enabled: false },
      });
      await human.load();
      await human.warmup();
      this.human = human;
      this.logger.log(`face models loaded in ${Date.now() - started} ms`);
    })();
    return this.loading;
  }

  /** The faces in an image, each described where it is found, largest detector score first. */
  async detect(image: RgbImage): Promise<DetectedFace[]> {
    return (await this.run(image, FIND_AND_DESCRIBE)).filter((face) => face.embedding.length > 0);
  }

  /**
   * The faces in an image, largest detector score first; the first is described from its own
   * crop, upscaled (face-crop.ts), the way a document's small portrait and a selfie are compared.
   * The others are found, not described (empty embedding): they are only counted.
   */
  async describe(image: RgbImage): Promise<DetectedFace[]> {
    let found = await this.run(image, FIND_ONLY);
    if (found.length === 0) found = await this.findInHalves(image);
    if (found.length === 0) return [];
    const [best, ...others] = found;
    const [inCrop] = (await this.run(await faceCrop(image, best.box), FIND_AND_DESCRIBE)).filter((face) => face.embedding.length > 0);
    // The crop's own detection should always find the face; if not, describe it where it was found.
    const described = inCrop ?? (await this.detect(image))[0];
    if (!described) return [];
    return [{ ...best, embedding: described.embedding, real: described.real }, ...others];
  }

  /**
   * Looks again in two overlapping halves of the image (left and right, or top and bottom), where
   * a face is twice as large to the detector: a card's portrait photographed with its surroundings
   * may be too small and soft to be found in the whole. Boxes are given in the whole image.
   */
  private async findInHalves(image: RgbImage): Promise<DetectedFace[]> {
    const found: DetectedFace[] = [];
    for (const half of overlappingHalves(image)) {
      const faces = await this.run(await extract(image, half), FIND_ONLY);
      found.push(...faces.map((face) => ({ ...face, box: [face.box[0] + half.left, face.box[1] + half.top, face.box[2], face.box[3]] as DetectedFace['box'] })));
    }
    return found.sort((a, b) => b.score - a.score);
  }

  private run(image: RgbImage, config: object): Promise<DetectedFace[]> {
    const next = this.queue.then(async () => {
      await this.load();
      const human = this.human!;
      const tensor = human.tf.tensor3d(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength), [image.height, image.width, 3], 'int32');
      try {
        const result = await human.detect(tensor, config);
        return result.face
          .map((face) => ({ embedding: face.embedding ?? [], score: face.score, box: face.box, real: face.real }))
          .sort((a, b) => b.score - a.score);
      } finally {
        tensor.dispose();
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
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
    return [{ left: 0, top: 0, width: w, height }, { left: width - w, top: 0, width: w, height }];
  }
  const h = Math.round(height * 0.6);
  return [{ left: 0, top: 0, width, height: h }, { left: 0, top: height - h, width, height: h }];
}

async function extract(image: RgbImage, region: Region): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extract(region).raw().toBuffer({ resolveWithObject: true });
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
