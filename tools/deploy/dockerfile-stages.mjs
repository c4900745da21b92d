/**
 * Runs the stages of one of our Dockerfiles on this machine, which has no Docker engine: each stage's
 * file system is a folder, COPY copies into it (from the build context or an earlier stage), RUN runs
 * the command there with the host's Node and npm, ARG and ENV substitute. FROM only starts a new
 * folder: the base image's files are not there, so a stage can only use what the host has (node,
 * npm, sh) and what it copies in. Enough to prove that the files a Dockerfile copies are the files
 * its commands need, and what an image's dependencies are.
 *
 * Written by hand because nothing on npm interprets a Dockerfile without a Docker engine; it knows
 * the instructions our two Dockerfiles use and refuses any other.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const IGNORED_INSTRUCTIONS = new Set(['HEALTHCHECK', 'CMD', 'EXPOSE', 'USER', 'ENTRYPOINT', 'LABEL']);

/** The instructions of a Dockerfile, continuation lines joined, comments and parser directives dropped. */
export function parseDockerfile(text) {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), rest: rest.trim() };
    });
}

/** Stages by name (FROM ... AS name), each with its instructions and the ARGs declared before the first FROM. */
export function stagesOf(instructions) {
  const globalArgs = [];
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : String(stages.length), instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`only ARG may come before FROM, not ${instruction.keyword}`);
      globalArgs.push(instruction.rest);
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

function substitute(text, variables) {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => {
    const name = braced ?? bare;
    return Object.hasOwn(variables, name) ? variables[name] : whole;
  });
}

/** .dockerignore patterns as a test of a context-relative path: `**\/x` anywhere, otherwise from the root. */
function contextFilter(contextDir) {
  const file = path.join(contextDir, '.dockerignore');
  const patterns = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
    : [];
  return (relativePath) => {
    const segments = relativePath.split(path.sep);
    return !patterns.some((pattern) =>
      pattern.startsWith('**/') ? segments.includes(pattern.slice(3)) : relativePath === pattern || relativePath.startsWith(pattern + path.sep),
    );
  };
}

/**
 * Runs `target` (a stage's name; the last stage when not given) and the stages it copies from, in
 * folders under `workDir`.
 * `args`: build arguments (--build-arg). `prebuilt`: stages not run but taken from a folder of this
 * machine, as { stageName: { '/app': '/path/on/host' } } (e.g. a build stage whose output the
 * repository already has). Returns the folder that is the target stage's `/`.
 */
export function runStages({ dockerfile, context, target, args = {}, prebuilt = {}, workDir, log = () => {} }) {
  const { globalArgs, stages } = stagesOf(parseDockerfile(fs.readFileSync(dockerfile, 'utf8')));
  const globals = {};
  for (const declaration of globalArgs) {
    const [name, fallback] = declaration.split('=');
    globals[name] = args[name] ?? fallback ?? '';
  }
  const keepFromContext = contextFilter(context);
  const done = new Map();

  const hostPath = (stageName, absolute) => {
    const mounts = prebuilt[stageName];
    if (mounts) {
      const prefix = Object.keys(mounts).find((p) => absolute === p || absolute.startsWith(p + '/'));
      if (!prefix) throw new Error(`stage ${stageName} is prebuilt only under ${Object.keys(mounts).join(', ')}, not ${absolute}`);
      return path.join(mounts[prefix], absolute.slice(prefix.length));
    }
    return path.join(run(stageName), absolute);
  };

  function run(stageName) {
    if (done.has(stageName)) return done.get(stageName);
    const stage = stages.find((s) => s.name === stageName);
    if (!stage) throw new Error(`${dockerfile} has no stage ${stageName}`);
    const root = path.join(workDir, stageName);
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    const variables = {};
    let workdir = '/';
    log(`stage ${stageName}`);
    for (const { keyword, rest } of stage.instructions) {
      const text = substitute(rest, variables);
      if (keyword === 'ARG') {
        const [name, fallback] = rest.split('=');
        variables[name] = args[name] ?? (Object.hasOwn(globals, name) ? globals[name] : undefined) ?? fallback ?? '';
      } else if (keyword === 'ENV') {
        const [name, ...value] = text.split('=');
        variables[name] = value.join('=');
      } else if (keyword === 'WORKDIR') {
        workdir = path.posix.resolve(workdir, text);
        fs.mkdirSync(path.join(root, workdir), { recursive: true });
      } else if (keyword === 'COPY') {
        const words = text.split(/\s+/);
        const from = words[0].startsWith('--from=') ? words.shift().slice('--from='.length) : undefined;
        if (words.some((w) => w.startsWith('--'))) throw new Error(`COPY option not known here: ${text}`);
        const destination = words.pop();
        const target = path.join(root, path.posix.resolve(workdir, destination));
        for (const source of words) {
          const sourcePath = from ? hostPath(from, path.posix.resolve('/', source)) : path.join(context, source);
          if (!fs.existsSync(sourcePath)) throw new Error(`COPY ${from ? `--from=${from} ` : ''}${source}: no such file`);
          // A folder's contents go into the destination; a file goes into it when it ends with "/".
          const isFolder = fs.statSync(sourcePath).isDirectory();
          const finalPath = isFolder || !destination.endsWith('/') ? target : path.join(target, path.basename(sourcePath));
          fs.mkdirSync(isFolder ? finalPath : path.dirname(finalPath), { recursive: true });
          fs.cpSync(sourcePath, finalPath, {
            recursive: true,
            verbatimSymlinks: true,
            filter: from ? undefined : (file) => keepFromContext(path.relative(context, file)),
          });
        }
      } else if (keyword === 'RUN') {
        log(`  RUN ${text}`);
        execFileSync('sh', ['-c', text], {
          cwd: path.join(root, workdir),
          env: { ...process.env, ...variables },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
      } else if (!IGNORED_INSTRUCTIONS.has(keyword)) {
        throw new Error(`instruction not known here: ${keyword}`);
      }
    }
    done.set(stageName, root);
    return root;
  }

  return run(target ?? stages.at(-1).name);
}
