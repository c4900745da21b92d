import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadVerificationEnv } from '../src/config/env';
import { type EvaluationEngines, runCases, startEvaluationEngines } from './evaluate';
import { generateEvaluationSet } from './generate-set';

/**
 * The regression gate of `npm test`: a stratified subset of the evaluation set (genuine cases on
 * six designs, clean and degraded, fifteen that an engine change fixed, and the first cases of every
 * must-fail category), through the real engine. Any false accept fails it; so does a false-reject rate above the 3 % target (on a
 * subset this small, any false reject). The genuine cases are ones the engine decides right today:
 * the gate stops regressions, it does not claim the target on the whole set, whose figures are in
 * docs/accuracy.md (`npm run eval:verification`).
 */
const GATE = [
  // genuine cases this engine decides right today (see docs/accuracy.md for the ones it does not)
  ...[0, 1, 3, 4, 5, 6].map((i) => `genuine-${i}`),
  'degraded-0',
  'degraded-2',
  'degraded-3',
  // each of these failed before one of the engine's changes (docs/accuracy.md, "What changed"):
  'another-photo-11', // a zone that cut the given names: the printed name settles them
  'genuine-37', // the same, the zone cut inside the first given name
  'degraded-13', // W read as N in both words of the zone's name
  'genuine-29', // a portrait found only in one half of the front
  'genuine-61', // a zone read right only at twice the size
  'unseen-genuine-0', // a cut zone's word printed with one letter misread
  'unseen2-degraded-5', // a hand's shadow over the zone: read with the lighting flattened
  'unseen2-genuine-23', // "Alqahtani" typed for AL<QAHTANI
  'unseen3-genuine-3', // "Abughazaleh" invited for ABU<GHAZALEH: neighbouring words joined
  'unseen3-genuine-11', // W read as N in a TD2 number: the zone and text engines' readings together
  'unseen3-degraded-6', // WEI read as NEI: a three-letter word the printed name settles
  'unseen4-genuine-0', // the ʻokina typed in Saʻilele
  'unseen4-genuine-1', // a person with one name only, invited by it
  'unseen4-degraded-0', // a card photographed with the phone upright: read turned a quarter
  'unseen5-degraded-1', // a phone's 12 MP photo, the card small in it: brought down as the browser would
  'impostor-0',
  'impostor-1',
  'wrong-name-0',
  'invited-other-0',
  'tampered-birth-0',
  'tampered-birth-1',
  'expired-0',
  'no-face-document-0',
  'no-face-selfie-0',
  'not-a-document-0',
  'other-card-front-0',
  // presentation attacks (docs/liveness.md): the holder's own card held to the camera as the selfie
  'card-held-to-camera-0',
  'card-held-to-camera-1',
  // the card's portrait cut out (the tuning crop nearest the portrait-copy threshold, 0.78) and pasted over
  // another face; genuine-61, another photo of its person, scores 0.63 below it
  'portrait-crop-8',
  'montage-1',
  // the portrait cut out, sheared, mirrored and pixelated: 0.62 aligned by a similarity alone, found
  // by the affine alignment (docs/liveness.md, "Edited copies of the portrait")
  'unseen-edited-crop-5',
];
const FALSE_REJECT_TARGET = 0.03;

describe('verification regression gate (a stratified subset of the evaluation set)', () => {
  let engines: EvaluationEngines;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-gate-'));

  beforeAll(async () => {
    engines = await startEvaluationEngines(loadVerificationEnv({}));
  }, 120000);

  afterAll(async () => {
    await engines?.shutdown();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('accepts no must-fail case, rejects no genuine one, and reports the expected reasons', async () => {
    const manifest = await generateEvaluationSet(folder, (id) => GATE.includes(id));
    expect(manifest.cases.map((c) => c.id).sort()).toEqual([...GATE].sort());
    const results = await runCases(engines, folder, manifest);
    const genuine = results.filter((r) => r.entry.expected === 'verified');
    const describe = (r: (typeof results)[number]) => `${r.entry.id}: ${r.decision} ${r.reasons.join(',')}`;
    expect(results.filter((r) => r.entry.expected === 'failed' && r.decision === 'verified').map(describe)).toEqual([]);
    const falseRejects = genuine.filter((r) => r.decision !== 'verified');
    expect({ rate: falseRejects.length / genuine.length <= FALSE_REJECT_TARGET, falseRejects: falseRejects.map(describe) }).toEqual({
      rate: true,
      falseRejects: [],
    });
    const missingReason = results.filter((r) => r.entry.expectedReason && !r.reasons.includes(r.entry.expectedReason));
    expect(missingReason.map(describe)).toEqual([]);
  }, 600000);
});
