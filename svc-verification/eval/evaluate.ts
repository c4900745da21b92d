import fs from 'node:fs';
import path from 'node:path';
import type { VerificationEnv } from '../src/config/env';
import { AiVerificationEngine, type EngineDiagnostics } from '../src/engine/ai-verification.engine';
import { Ocr } from '../src/engine/document/ocr';
import { FaceModel } from '../src/engine/faces/face-model';
import { ImageRejected, checkImage, decodeForChecks } from '../src/engine/images/image-input';
import { HeadTurnLiveness } from '../src/engine/liveness/head-turn-liveness';
import { SurfaceMotion } from '../src/engine/liveness/surface-motion';
import type { EvalCase, EvalManifest } from './manifest';
import { f3, quantile } from './report-figures';

export interface CaseResult {
  entry: EvalCase;
  decision: 'verified' | 'failed';
  reasons: string[];
  faceDistance?: number;
  faceDescriptors?: EngineDiagnostics['faceDescriptors'];
  selfieAntispoof?: number;
  portraitCopy?: number;
  selfieFineDetail?: number;
  selfieBlockGrid?: number;
  selfieResamplingTrace?: number;
  ms: { total: number; decode: number; faces?: number; mrzOcr?: number; printedTextOcr?: number; selfieOcr?: number };
}

/**
 * The engine as configured, and the same engine (one face model, one OCR) with the portrait-copy rule
 * advisory, for the cases whose selfie is the portrait's own photo (EvalCase.selfieCopiesPortrait).
 */
export interface EvaluationEngines {
  asConfigured: AiVerificationEngine;
  copiesAllowed: AiVerificationEngine;
  /** Ends the OCR threads. */
  shutdown(): Promise<void>;
}

export async function startEvaluationEngines(env: VerificationEnv): Promise<EvaluationEngines> {
  const faces = new FaceModel();
  const headTurns = new HeadTurnLiveness(faces, new SurfaceMotion());
  const ocr = new Ocr();
  const asConfigured = new AiVerificationEngine(faces, ocr, env, headTurns);
  const copiesAllowed = new AiVerificationEngine(faces, ocr, { ...env, LIVENESS_PORTRAIT_COPY: 'advisory' }, headTurns);
  // the second finds the models loaded: it only describes (or reads) the cohort of strangers
  await asConfigured.onModuleInit();
  await copiesAllowed.onModuleInit();
  return { asConfigured, copiesAllowed, shutdown: () => ocr.onApplicationShutdown() };
}

/**
 * Runs every case of a folder through the engine, one at a time, as the service would. A case whose
 * image the service refuses (too large, not an image) is a failed case with the API's error code as
 * its reason: the person would not have been verified.
 */
export async function runCases(
  engines: Pick<EvaluationEngines, 'asConfigured' | 'copiesAllowed'>,
  folder: string,
  manifest: EvalManifest,
  onCase?: (r: CaseResult) => void,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const entry of manifest.cases) {
    const engine = entry.selfieCopiesPortrait ? engines.copiesAllowed : engines.asConfigured;
    const read = (file: string) => `data:image/jpeg;base64,${fs.readFileSync(path.join(folder, file)).toString('base64')}`;
    const checkStart = Date.now();
    let images;
    try {
      images = { front: await checkImage(read(entry.front)), back: await checkImage(read(entry.back)), selfie: await checkImage(read(entry.selfie)) };
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      const refused: CaseResult = { entry, decision: 'failed', reasons: [error.code], ms: { total: Date.now() - checkStart, decode: 0 } };
      results.push(refused);
      onCase?.(refused);
      continue;
    }
    // the engine decodes inside its stages; one more decode of the selfie times that step alone
    const decodeStart = Date.now();
    await decodeForChecks(images.selfie);
    const decode = Date.now() - decodeStart;
    const diagnostics: EngineDiagnostics = { stageMs: {} };
    const engineStart = Date.now();
    const outcome = await engine.verify({ realName: entry.realName, invitedName: entry.invitedName, images }, undefined, diagnostics);
    const result: CaseResult = {
      entry,
      decision: outcome.decision,
      reasons: outcome.reasons.map((r) => r.code),
      faceDistance: diagnostics.faceDistance,
      faceDescriptors: diagnostics.faceDescriptors,
      selfieAntispoof: diagnostics.selfieAntispoof,
      portraitCopy: diagnostics.portraitCopy,
      selfieFineDetail: diagnostics.selfieFineDetail,
      selfieBlockGrid: diagnostics.selfieBlockGrid,
      selfieResamplingTrace: diagnostics.selfieResamplingTrace,
      ms: { total: Date.now() - engineStart, decode, ...diagnostics.stageMs },
    };
    results.push(result);
    onCase?.(result);
  }
  return results;
}

type Split = EvalCase['split'];

/** A presentation attack of docs/liveness.md (category `attack/<kind>`), reported apart as APCER. */
const isPresentationAttack = (entry: EvalCase) => entry.category.startsWith('attack/');
/** Reported in this order: tuning (rules and thresholds chosen on it), held-out, then the unseen splits. */
const SPLITS: Split[] = ['tuning', 'held-out', 'unseen', 'unseen-2', 'unseen-3', 'unseen-4', 'unseen-5'];

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`);
const lowest = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Infinity);
const highest = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);

/**
 * Distances of each case's document portrait to the selfie of every case showing someone else (the
 * cases' portraitPerson and selfiePerson labels): far more impostor pairs than the impostor cases.
 */
export function everyPairingOfDifferentPeople(results: CaseResult[], compare: FaceComparison): number[] {
  const portraits = results.filter((r) => r.faceDescriptors && r.entry.portraitPerson);
  const selfies = results.filter((r) => r.faceDescriptors && r.entry.selfiePerson);
  const distances: number[] = [];
  for (const a of portraits) {
    for (const b of selfies) {
      if (a.entry.portraitPerson !== b.entry.selfiePerson) distances.push(compare(a.faceDescriptors!.portrait, b.faceDescriptors!.selfie));
    }
  }
  return distances;
}

/** How the engine compares two face descriptors (its normalised distance: lower is nearer). */
export type FaceComparison = (portrait: number[], selfie: number[]) => number;

/**
 * Where genuine and impostor distances overlap, false accepts weigh more than false rejects: the
 * threshold stays this far (in spreads) below the closest pairing of different people on the tuning
 * split, for the lookalikes no set of this size holds, rounded down to a twentieth.
 */
const SAFETY_MARGIN = 0.1;
const belowClosest = (closest: number) => Math.floor((closest - SAFETY_MARGIN) * 20) / 20;
const f2 = (value: number) => value.toFixed(2);

/** The report: per split and category, the face distances and a threshold recommendation, timings. */
export function report(
  results: CaseResult[],
  threshold: number,
  compare: FaceComparison,
  copyRule: { mode: VerificationEnv['LIVENESS_PORTRAIT_COPY']; minScore: number },
): string {
  const out: string[] = [];
  const copies = results.filter((r) => r.entry.selfieCopiesPortrait).length;
  out.push(
    `Portrait-copy rule: ${copyRule.mode}, from a score of ${copyRule.minScore}. The ${copies} cases whose selfie is the portrait's own photo ` +
      '(copies by construction) are checked with it advisory, so that they measure the other checks.',
    '',
  );
  const splits = SPLITS.filter((split) => results.some((r) => r.entry.split === split));
  for (const split of splits) {
    const rows = results.filter((r) => r.entry.split === split);
    const genuine = rows.filter((r) => r.entry.expected === 'verified');
    const attacks = rows.filter((r) => isPresentationAttack(r.entry));
    const mustFail = rows.filter((r) => r.entry.expected === 'failed' && !isPresentationAttack(r.entry));
    const falseRejects = genuine.filter((r) => r.decision !== 'verified');
    const falseAccepts = mustFail.filter((r) => r.decision === 'verified');
    const reasonAgrees = mustFail.filter((r) => r.entry.expectedReason && r.reasons.includes(r.entry.expectedReason));
    out.push(
      `### ${split} (${rows.length} cases: ${genuine.length} genuine, ${mustFail.length} must fail${attacks.length ? `, ${attacks.length} presentation attacks` : ''})`,
      '',
    );
    out.push(`| | count | rate |`, `|---|---|---|`);
    out.push(`| false rejects (genuine not verified) | ${falseRejects.length} of ${genuine.length} | ${pct(falseRejects.length, genuine.length)} |`);
    out.push(`| false accepts (must-fail verified) | ${falseAccepts.length} of ${mustFail.length} | ${pct(falseAccepts.length, mustFail.length)} |`);
    out.push(`| expected reason reported (must-fail) | ${reasonAgrees.length} of ${mustFail.length} | ${pct(reasonAgrees.length, mustFail.length)} |`);
    // ISO/IEC 30107-3: attacks accepted per kind (APCER), live people refused for liveness (BPCER).
    for (const kind of [...new Set(attacks.map((r) => r.entry.category))].sort()) {
      const ofKind = attacks.filter((r) => r.entry.category === kind);
      const accepted = ofKind.filter((r) => r.decision === 'verified');
      out.push(
        `| APCER, ${kind.slice('attack/'.length)} (attacks verified) | ${accepted.length} of ${ofKind.length} | ${pct(accepted.length, ofKind.length)} |`,
      );
    }
    const refusedAsNotLive = genuine.filter((r) => r.reasons.includes('liveness_failed'));
    out.push(
      `| BPCER (genuine refused with liveness_failed) | ${refusedAsNotLive.length} of ${genuine.length} | ${pct(refusedAsNotLive.length, genuine.length)} |`,
      '',
    );
    out.push('| category | cases | wrong decision | expected reason missing | reasons seen on wrong or missing |', '|---|---|---|---|---|');
    const categories = [...new Set(rows.map((r) => r.entry.category))].sort();
    for (const category of categories) {
      const inCategory = rows.filter((r) => r.entry.category === category);
      const wrong = inCategory.filter((r) => r.decision !== r.entry.expected);
      const missing = inCategory.filter((r) => r.entry.expectedReason && !r.reasons.includes(r.entry.expectedReason));
      const seen = [...new Set([...wrong, ...missing].flatMap((r) => r.reasons))].join(', ');
      out.push(`| ${category} | ${inCategory.length} | ${wrong.length} | ${missing.length} | ${seen || '-'} |`);
    }
    out.push('');
  }
  // Face distances: genuine pairs by selfie source, impostor pairs.
  const distances = (filter: (r: CaseResult) => boolean) => results.filter((r) => filter(r) && r.faceDistance !== undefined).map((r) => r.faceDistance!);
  const tuningGenuine = distances((r) => r.entry.split === 'tuning' && r.entry.expected === 'verified');
  const tuningImpostor = distances((r) => r.entry.split === 'tuning' && r.entry.category === 'must-fail/impostor-selfie');
  // Every portrait against every selfie of another person, once per split.
  const pairings = Object.fromEntries(
    SPLITS.map((split) => [
      split,
      everyPairingOfDifferentPeople(
        results.filter((r) => r.entry.split === split),
        compare,
      ),
    ]),
  ) as Record<Split, number[]>;
  out.push('### Face distances (portrait on the document to selfie, in spreads from strangers: face-cohort.ts)', '');
  out.push('| pairs | n | min | p50 | p95 | max |', '|---|---|---|---|---|---|');
  const line = (label: string, values: number[]) =>
    out.push(`| ${label} | ${values.length} | ${f3(lowest(values))} | ${f3(quantile(values, 0.5))} | ${f3(quantile(values, 0.95))} | ${f3(highest(values))} |`);
  for (const split of splits) {
    line(
      `${split} genuine, another photo of the person`,
      distances((r) => r.entry.split === split && r.entry.selfieSource === 'other-photo'),
    );
    line(
      `${split} genuine, the same photo re-taken`,
      distances((r) => r.entry.split === split && r.entry.selfieSource === 'same-photo' && r.entry.expected === 'verified'),
    );
    line(
      `${split} impostor`,
      distances((r) => r.entry.split === split && r.entry.category === 'must-fail/impostor-selfie'),
    );
    line(`${split} every portrait against every selfie of another person`, pairings[split]);
  }
  const genuineDistances = (split: string) => distances((r) => r.entry.split === split && r.entry.expected === 'verified');
  // Face-only error rates by threshold: genuine pairs above it are rejected, pairings of different
  // people at or below it accepted. The recommendation comes from the tuning split alone.
  const rejected = (values: number[], t: number) => values.filter((v) => v > t).length;
  const accepted = (values: number[], t: number) => values.filter((v) => v <= t).length;
  out.push('', '### Face threshold: errors of the face comparison alone', '');
  out.push(
    `| threshold | ${splits.map((split) => `${split} genuine rejected | ${split} pairings of different people accepted`).join(' | ')} |`,
    `|---|${splits.map(() => '---|---|').join('')}`,
  );
  const thresholds = [...new Set([...Array.from({ length: 11 }, (_, i) => -4.5 + i * 0.25), threshold])].sort((a, b) => a - b);
  for (const t of thresholds) {
    const cells = splits.map((split) => {
      const genuine = genuineDistances(split);
      return `${rejected(genuine, t)} of ${genuine.length} | ${accepted(pairings[split], t)} of ${pairings[split].length}`;
    });
    out.push(`| ${t.toFixed(2)}${Math.abs(t - threshold) < 1e-9 ? ' (in use)' : ''} | ${cells.join(' | ')} |`);
  }
  const highestGenuine = highest(tuningGenuine);
  const lowestImpostor = Math.min(lowest(tuningImpostor), lowest(pairings.tuning));
  out.push('');
  out.push(
    `Threshold in use: ${threshold}. On the tuning split the genuine maximum is ${f3(highestGenuine)} and the impostor minimum ${f3(lowestImpostor)}: ` +
      (highestGenuine < lowestImpostor
        ? `recommended threshold ${f3((highestGenuine + lowestImpostor) / 2)} (the midpoint), margin ${f3((lowestImpostor - highestGenuine) / 2)} each side.`
        : `the distributions overlap: no threshold separates them. Recommended: ${f2(belowClosest(lowestImpostor))}, ${SAFETY_MARGIN} below the closest pairing of different people, rounded down to a twentieth; there ${rejected(tuningGenuine, belowClosest(lowestImpostor))} of ${tuningGenuine.length} tuning genuine pairs are rejected.`),
  );
  out.push('');
  // The passive anti-spoof score (advisory) and the portrait-copy score (decided on: docs/liveness.md);
  // how far each tells live selfies from presentation attacks, per split.
  const scoreTable = (title: string, score: (r: CaseResult) => number | undefined) => {
    out.push(title, '');
    out.push('| split | selfies | n | min | p5 | p50 | p95 | max |', '|---|---|---|---|---|---|---|---|');
    for (const split of splits) {
      const scores = (filter: (r: CaseResult) => boolean) =>
        results
          .filter((r) => r.entry.split === split && filter(r))
          .map(score)
          .filter((value): value is number => value !== undefined);
      const row = (label: string, values: number[]) =>
        values.length &&
        out.push(
          `| ${split} | ${label} | ${values.length} | ${f2(lowest(values))} | ${f2(quantile(values, 0.05))} | ${f2(quantile(values, 0.5))} | ${f2(quantile(values, 0.95))} | ${f2(highest(values))} |`,
        );
      row(
        'genuine, another photo of the person',
        scores((r) => r.entry.expected === 'verified' && r.entry.selfieSource === 'other-photo'),
      );
      row(
        'genuine, the same photo re-taken',
        scores((r) => r.entry.expected === 'verified' && r.entry.selfieSource !== 'other-photo'),
      );
      for (const kind of [...new Set(results.filter((r) => isPresentationAttack(r.entry)).map((r) => r.entry.category))].sort())
        row(
          kind,
          scores((r) => r.entry.category === kind),
        );
    }
    out.push('');
  };
  scoreTable('### Passive anti-spoof score of the selfie (advisory, not decided on; higher: more likely real)', (r) => r.selfieAntispoof);
  scoreTable(
    `### Portrait-copy score of the selfie (higher: more like a copy of the portrait; ${copyRule.mode} from ${copyRule.minScore}, unless a capture shows a live head)`,
    (r) => r.portraitCopy,
  );
  // Timings.
  const stage = (key: keyof CaseResult['ms']) => results.map((r) => r.ms[key]).filter((v): v is number => v !== undefined);
  out.push('### Per-stage timings (ms, one check at a time)', '', '| stage | p50 | p95 | max |', '|---|---|---|---|');
  for (const key of ['decode', 'faces', 'mrzOcr', 'printedTextOcr', 'selfieOcr', 'total'] as const) {
    const values = stage(key);
    out.push(`| ${key} | ${quantile(values, 0.5)} | ${quantile(values, 0.95)} | ${Math.max(...values)} |`);
  }
  return out.join('\n');
}
