import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '@idv/contracts';
import { pypiPackageFiles } from './package-files';

/**
 * Photos of people from another source than the evaluation set's (face-api's sample photos and
 * human's screenshot): the test images of the PyPI package `face_recognition` 1.3.0 (its source
 * distribution; MIT code). They are official White House photographs, works of the US federal
 * government and so in the public domain in the US (by what they show; the package does not say
 * where they come from): one man in three photos taken on different occasions (a portrait before
 * flags, speaking at a lectern, standing in a room with a chandelier) and another man in one.
 * Fetched at run time, never committed; the package's `obama_partial_face*.jpg` are parts of
 * `obama.jpg` and are left out. Nothing was chosen on them: each evaluation that uses them was
 * written and committed before its first run.
 */
const SOURCE = { spec: 'face_recognition==1.3.0', sha256: '5e5efdd1686aa566af0d3cc1313b131e4b197657a8ffd03669e6d3fad92705ec' };

const PHOTOS = [
  { file: 'tests/test_images/obama.jpg', person: 'man-a' },
  { file: 'tests/test_images/obama2.jpg', person: 'man-a' },
  { file: 'tests/test_images/obama3.jpg', person: 'man-a' },
  { file: 'tests/test_images/biden.jpg', person: 'man-b' },
];

export interface PublicDomainPhoto {
  /** The file's name, e.g. `obama2.jpg`. */
  name: string;
  /** Whose face: one label for one man's photos. */
  person: string;
  /** The photo brought to the browser's upload size (LIMITS.uploadLongEdgePx), losslessly encoded (PNG). */
  image: Buffer;
}

/** The photos, fetched into `sourcesDir` on first use. */
export async function publicDomainPhotos(sourcesDir: string): Promise<PublicDomainPhoto[]> {
  const files = await pypiPackageFiles(SOURCE.spec, SOURCE.sha256, sourcesDir, 'sdist');
  return Promise.all(
    PHOTOS.map(async ({ file, person }) => ({
      name: path.basename(file),
      person,
      image: await sharp(path.join(files, file))
        .resize({ width: LIMITS.uploadLongEdgePx, height: LIMITS.uploadLongEdgePx, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
    })),
  );
}
