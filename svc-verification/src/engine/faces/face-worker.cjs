// @ts-check
/**
 * The face models' own thread (node:worker_threads), started by FaceModel (face-model.ts).
 *
 * Why a thread: @vladmandic/human on its node-wasm backend runs each detection synchronously, up
 * to 200-460 ms at a time. On the service's main thread that held up everything else the service
 * does: a submission that arrived during another person's check was accepted only once that
 * detection ended (bench:submit: the second person's 202 came 250-850 ms after the press against
 * 35-55 ms with nothing running). Here a detection blocks only this thread.
 *
 * Plain JavaScript because a worker is started from a file, in the built service and under jest
 * alike; the build copies it next to face-model.js.
 *
 * In: `{ id, pass: 'find' | 'describe' | 'pose', data: Uint8Array (RGB), width, height }`, one at a
 * time in the order sent (human keeps the settings of its last call). `pose` finds faces with their
 * face mesh (468 points, x and y in pixels, z relative depth), for liveness (head-pose.ts); `describe`
 * gives it too (face-patch.ts).
 * Out: `{ ready: true }` once the models are loaded, then `{ id, faces }` or `{ id, error }` per image.
 */
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const tf = require('@tensorflow/tfjs-core');

/** @type {{ humanPackage: string, wasmDir: string }} */
const { humanPackage, wasmDir } = workerData;

/** Each pass names every setting it changes: human keeps the settings of the last call. */
const PASSES = {
  find: { face: { mesh: { enabled: true }, description: { enabled: false }, antispoof: { enabled: false } } },
  describe: { face: { mesh: { enabled: true }, description: { enabled: true }, antispoof: { enabled: true } } },
  pose: { face: { mesh: { enabled: true }, description: { enabled: false }, antispoof: { enabled: false } } },
};

/**
 * Lets TensorFlow.js load `file://` model URLs from disk: the models ship inside the
 * @vladmandic/human package, and nothing is downloaded at run time. Every field of the model
 * JSON is passed on (the signature names the outputs the face descriptor comes from).
 */
function registerFileModelLoader() {
  tf.io.registerLoadRouter((url) => {
    // tfjs types a router as always answering, but its registry skips routers that return null.
    if (typeof url !== 'string' || !url.startsWith('file://')) return /** @type {any} */ (null);
    const file = url.slice('file://'.length);
    return {
      async load() {
        const { weightsManifest, ...artifacts } = JSON.parse(fs.readFileSync(file, 'utf8'));
        const directory = path.dirname(file);
        const weightSpecs = weightsManifest.flatMap((/** @type {any} */ group) => group.weights);
        const data = Buffer.concat(
          weightsManifest.flatMap((/** @type {any} */ group) => group.paths.map((/** @type {string} */ p) => fs.readFileSync(path.join(directory, p)))),
        );
        return { ...artifacts, weightSpecs, weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) };
      },
    };
  });
}

async function loadHuman() {
  registerFileModelLoader();
  const { Human } = require(path.join(humanPackage, 'dist/human.node-wasm.js'));
  const human = new Human({
    backend: 'wasm',
    wasmPath: `file://${wasmDir}/`,
    modelBasePath: `file://${path.join(humanPackage, 'models')}/`,
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
  return human;
}

/** @param {any} human @param {{ pass: 'find' | 'describe' | 'pose', data: Uint8Array, width: number, height: number }} image */
async function detect(human, { pass, data, width, height }) {
  const tensor = human.tf.tensor3d(data, [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor, PASSES[pass]);
    return result.face.map((/** @type {any} */ face) => ({
      embedding: face.embedding ?? [],
      score: face.score,
      box: face.box,
      real: face.real,
      // the mesh of a described face too: its texture is aligned by it (face-patch.ts)
      ...(pass === 'find' ? {} : { mesh: face.mesh }),
    }));
  } finally {
    tensor.dispose();
  }
}

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const loaded = loadHuman();
let queue = Promise.resolve();
// A load that fails is left unhandled: it ends this thread, and FaceModel sees the error.
void loaded.then(() => port.postMessage({ ready: true }));
port.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      port.postMessage({ id: message.id, faces: await detect(await loaded, message) });
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
