import sharp from 'sharp';
import { loadVerificationEnv } from '../../config/env';
import { type Person, SPECIMEN, idCardFront, peopleFromPackagePhotos, photograph, selfieOf } from '@idv/id-fixtures';
import { describeCohort, normalizedFaceDistance } from './face-cohort';
import { FaceModel, type RgbImage } from './face-model';

async function rgb(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const holder = (person: Person) => ({ ...SPECIMEN, person });

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, min: sorted[0], p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
};

/**
 * The face threshold against the fixtures: each person's portrait on a photographed ID card
 * against their own selfie and, for the one man shown in two photos, his other photo's (genuine),
 * and everyone else's (impostors), each distance normalised
 * against the face cohort as the engine does. Prints both distributions;
 * the configured threshold must separate them (docs/face-threshold.md records the figures).
 */
describe('face match threshold (calibration on package photos)', () => {
  it('separates genuine pairs from impostors', async () => {
    const model = new FaceModel();
    const people = (await peopleFromPackagePhotos()).slice(0, 12);
    expect(people.length).toBeGreaterThanOrEqual(6);
    const portraits: number[][] = [];
    const selfies: number[][] = [];
    const who: string[] = [];
    for (const person of people) {
      const card = await photograph(await idCardFront(holder(person)), { rotateDegrees: 2, blurSigma: 0.6, jpegQuality: 70, background: true });
      const [onCard] = await model.describe(await rgb(card));
      const [inSelfie] = await model.describe(await rgb(await selfieOf(person)));
      if (!onCard || !inSelfie) continue;
      portraits.push(onCard.embedding);
      selfies.push(inSelfie.embedding);
      who.push(person.person);
    }
    const cohort = await describeCohort(model);
    const distance = (a: number[], b: number[]) => normalizedFaceDistance(a, b, cohort);
    // every portrait against every selfie: the same person (the same photo, or the one man the
    // package photos show twice) is genuine, everyone else an impostor
    const pairs = portraits.flatMap((p, i) => selfies.map((s, j) => ({ same: who[i] === who[j], otherPhoto: i !== j, distance: distance(p, s) })));
    const genuine = pairs.filter((pair) => pair.same).map((pair) => pair.distance);
    const impostor = pairs.filter((pair) => !pair.same).map((pair) => pair.distance);
    expect(pairs.filter((pair) => pair.same && pair.otherPhoto)).toHaveLength(2);
    const threshold = loadVerificationEnv({}).FACE_MATCH_MAX_NORMALIZED_DISTANCE;
    console.log(JSON.stringify({ threshold, genuine: summary(genuine), impostor: summary(impostor) }, null, 2));
    expect(portraits.length).toBeGreaterThanOrEqual(6);
    expect(genuine.filter((d) => d > threshold)).toEqual([]);
    expect(impostor.filter((d) => d <= threshold)).toEqual([]);
  }, 180000);
});
