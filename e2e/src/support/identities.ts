import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
// ID cards and faces made at test time from photos that ship in an npm package (nothing of a real
// person is committed); the same generator svc-verification's tests use.
import {
  type DocumentHolder,
  type Person,
  ID_CARD_PORTRAIT_BOX,
  holderFor,
  idCardFront,
  peopleFromPackagePhotos,
  selfieOf,
  photographedCard,
} from '@idv/id-fixtures';

/** One person of a browser flow: what they type, their document photos and their face as a fake camera. */
export interface Identity {
  /** The name the initiator invites them by. */
  invitedName: string;
  email: string;
  /** The full legal name they type on the verify page. */
  realName: string;
  frontFile: string;
  backFile: string;
  /** A y4m clip of their face, for Chromium's fake camera. */
  cameraFile: string;
  /** A photo of their face, for uploading when the camera cannot be used. */
  selfieFile: string;
}

interface Template {
  key: string;
  invitedName: string;
  email: string;
  realName: string;
  holder: Partial<DocumentHolder>;
}

const TEMPLATES: Template[] = [
  { key: 'jose', invitedName: 'José García', email: 'jose@example.com', realName: 'José Luis García Pérez', holder: {} },
  {
    key: 'anna',
    invitedName: 'Anna Eriksson',
    email: 'anna@example.com',
    realName: 'Anna Maria Eriksson',
    holder: { surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: 'E70412256', sex: 'F' },
  },
  {
    key: 'lucas',
    invitedName: 'Lucas Martin',
    email: 'lucas@example.com',
    realName: 'Lucas Martin',
    holder: { surname: 'MARTIN', givenNames: 'LUCAS', documentNumber: 'M55031879' },
  },
];

const CLIP = { width: 640, height: 480 };

/**
 * A Y4M (YUV 4:2:0, BT.601 full range) clip of one frame, which Chromium's fake capture device loops:
 * the face centred on a plain background at 640x480, the spec's ideal camera size.
 */
export async function faceClip(face: Buffer): Promise<Buffer> {
  const data = await sharp(face).resize(CLIP.width, CLIP.height, { fit: 'contain', background: '#8a8f96' }).removeAlpha().raw().toBuffer();
  return stillClip(data);
}

/**
 * The clip of faceClip, pixelated with its blocks left hard, as an image editor's "pixelate" leaves
 * them (blocks of about `block` pixels, enlarged by the nearest pixel): a copy edited to hide it
 * from the copy score (docs/liveness.md, "Pixelated copies of the portrait").
 */
export async function pixelatedClip(face: Buffer, block = 7): Promise<Buffer> {
  const framed = await sharp(face).resize(CLIP.width, CLIP.height, { fit: 'contain', background: '#8a8f96' }).removeAlpha().png().toBuffer();
  const blocks = await sharp(framed)
    .resize(Math.round(CLIP.width / block), Math.round(CLIP.height / block), { kernel: 'nearest' })
    .png()
    .toBuffer();
  return stillClip(await sharp(blocks).resize(CLIP.width, CLIP.height, { kernel: 'nearest' }).raw().toBuffer());
}

/**
 * The clip of faceClip, made small by the nearest pixel (to 100 x 75, a 6.4th of its size both ways)
 * and enlarged again smoothly, as an image editor's resize does: a copy pixelated without hard
 * blocks, which the copy score finds too little of the print in (docs/liveness.md, "Pixelated copies
 * of the portrait").
 */
export async function enlargedClip(face: Buffer): Promise<Buffer> {
  const framed = await sharp(face).resize(CLIP.width, CLIP.height, { fit: 'contain', background: '#8a8f96' }).removeAlpha().png().toBuffer();
  const small = await sharp(framed).resize(100, 75, { kernel: 'nearest' }).png().toBuffer();
  return stillClip(await sharp(small).resize(CLIP.width, CLIP.height, { kernel: 'cubic' }).raw().toBuffer());
}

/** A clip of one frame of RGB pixels at the clip's size. */
function stillClip(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${CLIP.width} H${CLIP.height} F30:1 Ip A1:1 C420jpeg\n`), yuvFrame(data)]);
}

/**
 * A photo held up and moved in front of the camera to fake a head's moves: a 4 s loop (15 frames a
 * second) in which the picture slides left and right and up and down, and narrows and shortens as a
 * sheet turned and tilted does. A flat picture whatever its motion.
 */
export async function movedPhotoClip(face: Buffer): Promise<Buffer> {
  const frames = 60;
  const picture = await sharp(face)
    .resize(Math.round(CLIP.width * 0.7), Math.round(CLIP.height * 0.7), { fit: 'contain', background: '#d8d4cc' })
    .toBuffer();
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${CLIP.width} H${CLIP.height} F15:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) {
    const phase = (2 * Math.PI * i) / frames;
    const width = Math.round(CLIP.width * 0.7 * (1 - 0.3 * Math.abs(Math.sin(phase))));
    const height = Math.round(CLIP.height * 0.7 * (1 - 0.2 * Math.abs(Math.sin(2 * phase))));
    const left = Math.round((CLIP.width - width) / 2 + 70 * Math.sin(phase));
    const top = Math.round((CLIP.height - height) / 2 + 40 * Math.sin(2 * phase));
    const data = await sharp({ create: { ...CLIP, channels: 3, background: '#8a8f96' } })
      .composite([{ input: await sharp(picture).resize(width, height, { fit: 'fill' }).toBuffer(), left, top }])
      .removeAlpha()
      .raw()
      .toBuffer();
    parts.push(yuvFrame(data));
  }
  return Buffer.concat(parts);
}

/** One Y4M frame of RGB pixels at the clip's size. */
function yuvFrame(data: Buffer): Buffer {
  const { width, height } = CLIP;
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[3 * i], data[3 * i + 1], data[3 * i + 2]];
    y[i] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let row = 0; row < height / 2; row++) {
    for (let col = 0; col < width / 2; col++) {
      let cb = 0;
      let cr = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const p = 3 * ((2 * row + dy) * width + 2 * col + dx);
        const [r, g, b] = [data[p], data[p + 1], data[p + 2]];
        cb += 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
        cr += 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      u[row * (width / 2) + col] = clamp(cb / 4);
      v[row * (width / 2) + col] = clamp(cr / 4);
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}

let made: Promise<{ identities: Identity[]; impostorCameraFile: string }> | undefined;

/**
 * Three people with genuine documents, and the face of a fourth (an impostor's camera), written
 * once per run under the test data folder.
 */
export function identities(): Promise<{ identities: Identity[]; impostorCameraFile: string }> {
  made ??= (async () => {
    const dir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(__dirname, '../../artifacts'), 'e2e-identities');
    fs.mkdirSync(dir, { recursive: true });
    const people: Person[] = await peopleFromPackagePhotos();
    if (people.length < TEMPLATES.length + 1) throw new Error(`the package photos gave ${people.length} faces; the flows need ${TEMPLATES.length + 1}`);
    const result: Identity[] = [];
    for (const [i, template] of TEMPLATES.entries()) result.push(await writeIdentity(dir, template.key, template, people[i]));
    const impostorCameraFile = path.join(dir, 'impostor-camera.y4m');
    fs.writeFileSync(impostorCameraFile, await faceClip(people[TEMPLATES.length].face));
    return { identities: result, impostorCameraFile };
  })();
  return made;
}

/** One of the flows' people (`jose`, `anna`, `lucas`: their names and document) with another face, written under `dir` as `<name>-...`. */
export async function identityWithFace(dir: string, name: string, key: 'jose' | 'anna' | 'lucas', person: Person): Promise<Identity> {
  const template = TEMPLATES.find((t) => t.key === key);
  if (!template) throw new Error(`no such person in the flows: ${key}`);
  return writeIdentity(dir, name, template, person);
}

/**
 * The portrait of one of the flows' people's ID card (`key`, with `person`'s face), cut out of the
 * card's front and held up to the camera, filling it: a presentation attack (docs/liveness.md);
 * `pixelated`, with its blocks left hard (pixelatedClip), or `enlarged` from a much smaller copy (enlargedClip).
 */
export async function cardPortraitClip(key: 'jose' | 'anna' | 'lucas', person: Person, { pixelated = false, enlarged = false } = {}): Promise<Buffer> {
  const template = TEMPLATES.find((t) => t.key === key)!;
  const [left, top, width, height] = ID_CARD_PORTRAIT_BOX;
  const portrait = await sharp(await idCardFront(holderFor(person, template.holder)))
    .extract({ left, top, width, height })
    .jpeg({ quality: 85 })
    .toBuffer();
  if (pixelated) return pixelatedClip(portrait);
  return enlarged ? enlargedClip(portrait) : faceClip(portrait);
}

async function writeIdentity(dir: string, name: string, template: Template, person: Person): Promise<Identity> {
  const write = (file: string, bytes: Buffer) => {
    const where = path.join(dir, `${name}-${file}`);
    fs.writeFileSync(where, bytes);
    return where;
  };
  const { front, back } = await photographedCard(holderFor(person, template.holder), { jpegQuality: 80 });
  return {
    invitedName: template.invitedName,
    email: template.email,
    realName: template.realName,
    frontFile: write('front.jpg', front),
    backFile: write('back.jpg', back),
    cameraFile: write('camera.y4m', await faceClip(person.face)),
    selfieFile: write('selfie.jpg', await selfieOf(person)),
  };
}
