import fs from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';

let registered = false;

/**
 * Lets TensorFlow.js load `file://` model URLs from disk: the models ship inside the
 * @vladmandic/human package, and nothing is downloaded at run time. Every field of the model
 * JSON is passed on (the signature names the outputs the face descriptor comes from).
 */
export function registerFileModelLoader(): void {
  if (registered) return;
  registered = true;
  // tfjs types a router as always answering, but its registry skips routers that return null.
  const notMine = null as unknown as tf.io.IOHandler;
  tf.io.registerLoadRouter((url): tf.io.IOHandler => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return notMine;
    const file = url.slice('file://'.length);
    return {
      async load() {
        const { weightsManifest, ...artifacts } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
          weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
        } & Record<string, unknown>;
        const directory = path.dirname(file);
        const weightSpecs = weightsManifest.flatMap((group) => group.weights);
        const data = Buffer.concat(weightsManifest.flatMap((group) => group.paths.map((p) => fs.readFileSync(path.join(directory, p)))));
        return { ...artifacts, weightSpecs, weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) } as tf.io.ModelArtifacts;
      },
    };
  });
}
