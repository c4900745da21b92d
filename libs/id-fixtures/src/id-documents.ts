import { blankSheet } from './blank-sheet';
import { GlobalFonts, type SKRSContext2D, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { type MrzPerson, td1, td3 } from './mrz-builder';
import { PACKAGE_PHOTOS, packagePhotoFaces, packagePhotoPath } from './package-photo-faces';
import { OCR_B_FONT } from './render-mrz';

/**
 * Test documents made at test time: ID-1 cards (front with portrait and printed names, back
 * with a TD1 zone in OCR-B) and TD3 passport pages, from faces in photos that ship in the
 * @vladmandic/face-api package. No photo of a person is committed to the repository.
 */
// Printed text in OCR-B too: the only font the test setup installs (Debian fonts-ocr-b).
const PRINT_FONT = OCR_B_FONT;

let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  GlobalFonts.registerFromPath(OCR_B_FONT, 'OCRB');
  GlobalFonts.registerFromPath(PRINT_FONT, 'Print');
  fontsRegistered = true;
}

/** A face, cropped with a margin from a package photo: one "person" of the fixtures. */
export interface Person {
  /** JPEG of the head and shoulders. */
  face: Buffer;
  /** Who this is (package-photo-faces.ts): two people with one label are one person in two photos. */
  person: string;
}

/** The distinct faces in the package photos that are large enough to stand for a person. */
export async function peopleFromPackagePhotos(atLeastPixels = 90): Promise<Person[]> {
  const people: Person[] = [];
  for (const photo of PACKAGE_PHOTOS) {
    const file = packagePhotoPath(photo);
    const { width: photoWidth = 0, height: photoHeight = 0 } = await sharp(file).metadata();
    for (const { box, person } of packagePhotoFaces(photo)) {
      const [x, y, w, h] = box;
      if (Math.min(w, h) < atLeastPixels) continue;
      const margin = Math.round(Math.max(w, h) * 0.45);
      const left = Math.max(0, x - margin);
      const top = Math.max(0, y - margin);
      const width = Math.min(photoWidth - left, w + 2 * margin);
      const height = Math.min(photoHeight - top, h + 2 * margin);
      people.push({ face: await sharp(file).extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer(), person });
    }
  }
  return people;
}

export interface DocumentHolder extends MrzPerson {
  person?: Person;
}

const CARD = { width: 1012, height: 638 };

/** The holder's face printed in its box (x, y, width, height), unless the document has none. */
async function drawPortrait(c: SKRSContext2D, person: Person | undefined, [x, y, width, height]: [number, number, number, number]): Promise<void> {
  if (!person) return;
  c.drawImage(await loadImage(await sharp(person.face).resize(260, 330, { fit: 'cover' }).jpeg().toBuffer()), x, y, width, height);
}

/** Where an ID card's front prints the portrait: x, y, width, height on its 1012 x 638 px. */
export const ID_CARD_PORTRAIT_BOX: [number, number, number, number] = [40, 130, 260, 330];

/** The front of an ID card: portrait (unless none), printed names and dates. */
export async function idCardFront(holder: DocumentHolder): Promise<Buffer> {
  registerFonts();
  const { canvas, context: c } = blankSheet(CARD.width, CARD.height, '#e8eef5');
  c.fillStyle = '#1e3a8a';
  c.fillRect(0, 0, CARD.width, 90);
  c.fillStyle = '#ffffff';
  c.font = '40px Print';
  c.fillText('UTOPIA   IDENTITY CARD', 40, 60);
  await drawPortrait(c, holder.person, ID_CARD_PORTRAIT_BOX);
  c.fillStyle = '#0f172a';
  const rows: [string, string][] = [
    ['SURNAME', holder.surname],
    ['GIVEN NAMES', holder.givenNames],
    ['DATE OF BIRTH', holder.birthDate],
    ['DATE OF EXPIRY', holder.expiryDate],
    ['DOCUMENT NO', holder.documentNumber],
  ];
  rows.forEach(([label, value], i) => {
    c.font = '22px Print';
    c.fillText(label, 340, 150 + i * 90);
    c.font = '36px Print';
    c.fillText(value, 340, 190 + i * 90);
  });
  return canvas.toBuffer('image/png');
}

/** The back of an ID card: a TD1 zone at the bottom. */
export function idCardBack(lines: string[]): Buffer {
  registerFonts();
  const { canvas, context: c } = blankSheet(CARD.width, CARD.height, '#e8eef5');
  c.fillStyle = '#334155';
  c.font = '26px Print';
  c.fillText('ADDRESS: 1 MAIN STREET, UTOPIA CITY', 40, 80);
  c.fillStyle = '#111111';
  c.font = '40px OCRB';
  lines.forEach((line, i) => c.fillText(line, 40, 430 + i * 62));
  return canvas.toBuffer('image/png');
}

/** A passport data page: portrait, names and a TD3 zone. */
export async function passportPage(holder: DocumentHolder, lines = td3(holder)): Promise<Buffer> {
  registerFonts();
  const width = 1560;
  const height = 900;
  const { canvas, context: c } = blankSheet(width, height, '#f1f5e9');
  c.fillStyle = '#0f172a';
  c.font = '34px Print';
  c.fillText('PASSPORT   UTOPIA', 40, 60);
  await drawPortrait(c, holder.person, [40, 110, 300, 380]);
  c.font = '32px Print';
  c.fillText(holder.surname, 380, 170);
  c.fillText(holder.givenNames, 380, 250);
  c.font = '42px OCRB';
  lines.forEach((line, i) => c.fillText(line, 30, 720 + i * 70));
  return canvas.toBuffer('image/png');
}

export interface Degradation {
  rotateDegrees?: number;
  blurSigma?: number;
  jpegQuality?: number;
  scale?: number;
  /** Place the document on a larger, darker background, as a photo of a card on a table. */
  background?: boolean;
}

/** A photo of a document as a phone takes it: slightly rotated, soft, compressed, on a table. */
export async function photograph(document: Buffer, d: Degradation = {}): Promise<Buffer> {
  let image = sharp(document);
  if (d.background) {
    image = sharp(await image.extend({ top: 80, bottom: 80, left: 120, right: 120, background: '#5b4636' }).png().toBuffer());
  }
  if (d.rotateDegrees) image = sharp(await image.rotate(d.rotateDegrees, { background: '#5b4636' }).png().toBuffer());
  if (d.scale) {
    const meta = await image.metadata();
    image = image.resize(Math.round((meta.width ?? 1000) * d.scale));
  }
  if (d.blurSigma) image = image.blur(d.blurSigma);
  return image.jpeg({ quality: d.jpegQuality ?? 85 }).toBuffer();
}

/** A selfie of a person: the face photo re-framed, a little brighter, compressed like a camera capture. */
export async function selfieOf(person: Person): Promise<Buffer> {
  const meta = await sharp(person.face).metadata();
  const trim = Math.round((meta.width ?? 200) * 0.06);
  return sharp(person.face)
    .extract({ left: trim, top: trim, width: (meta.width ?? 200) - 2 * trim, height: (meta.height ?? 200) - 2 * trim })
    .resize(480, 640, { fit: 'cover' })
    .modulate({ brightness: 1.08 })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** José Luis García Pérez's document, with a person's face (or none), and any field changed. */
export function holderFor(person: Person | undefined, overrides: Partial<DocumentHolder> = {}): DocumentHolder {
  return {
    person,
    documentNumber: 'D23145890',
    surname: 'GARCIA PEREZ',
    givenNames: 'JOSE LUIS',
    nationality: 'UTO',
    issuingState: 'UTO',
    birthDate: '740812',
    sex: 'M',
    expiryDate: '340415',
    ...overrides,
  };
}

/**
 * An ID card of `holder` as a phone photographs it: the front slightly turned, softened and on a background, the back flat;
 * JPEG at `jpegQuality` (the back 5 better). `breakDocumentNumberDigit` spoils the MRZ's check digit.
 */
export async function photographedCard(
  holder: DocumentHolder,
  options: { jpegQuality?: number; breakDocumentNumberDigit?: boolean } = {},
): Promise<{ front: Buffer; back: Buffer }> {
  const quality = options.jpegQuality ?? 75;
  const front = await photograph(await idCardFront(holder), { rotateDegrees: 1.5, blurSigma: 0.5, jpegQuality: quality, background: true });
  const lines = td1(holder, { breakDocumentNumberDigit: options.breakDocumentNumberDigit });
  return { front, back: await photograph(idCardBack(lines), { jpegQuality: quality + 5 }) };
}

export const dataUrlOf = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
