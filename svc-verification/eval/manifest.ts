import fs from 'node:fs';
import path from 'node:path';
import type { VerificationReasonCode } from '@idv/contracts';

/**
 * An evaluation folder: `manifest.json` next to the images it names. The generated set follows it,
 * and so can an operator's own consented, labelled folder:
 *
 * {
 *   "cases": [{
 *     "id": "g-001",                 // unique
 *     "split": "tuning" | "held-out" | "unseen" | "unseen-2" | "unseen-3" | "unseen-4" | "unseen-5", // only tuning cases choose a threshold or a rule
 *     "category": "genuine/...",      // "genuine/<kind>" must verify; anything else must fail;
 *                                    // "attack/<kind>" is a presentation attack, reported as APCER per kind
 *     "front": "g-001-front.jpg", "back": "g-001-back.jpg", "selfie": "g-001-selfie.jpg",
 *     "realName": "Lars Akesson",     // as the person typed it
 *     "invitedName": "Lars Akesson",  // as the initiator typed it
 *     "expected": "verified" | "failed",
 *     "expectedReason": "face_mismatch", // for must-fail cases: the reason that must be among those reported
 *     "portraitPerson": "p1", "selfiePerson": "p1" // optional: who is in the portrait and in the selfie;
 *                                    // with them the report compares every pairing of different people
 *   }]
 * }
 */
export interface EvalCase {
  id: string;
  split: 'tuning' | 'held-out' | 'unseen' | 'unseen-2' | 'unseen-3' | 'unseen-4' | 'unseen-5';
  category: string;
  front: string;
  back: string;
  selfie: string;
  realName: string;
  invitedName: string;
  expected: 'verified' | 'failed';
  expectedReason?: VerificationReasonCode;
  /** Which face pair the genuine case compares: another photo of the person, or the same photo re-taken. */
  selfieSource?: 'other-photo' | 'same-photo';
  /**
   * The selfie is made from the very photo the document's portrait is (the set's way of making a
   * genuine selfie): a copy of the portrait by construction, which the portrait-copy rule refuses as
   * it should a copy. Such a case is checked with that rule advisory, so that it measures the other
   * checks; the rule itself is measured on the cases it is about (attacks, another photo of a person).
   */
  selfieCopiesPortrait?: boolean;
  /** Who is in the document's portrait and in the selfie, when known (any stable label). */
  portraitPerson?: string;
  selfiePerson?: string;
}

export interface EvalManifest {
  cases: EvalCase[];
}

export function readManifest(folder: string): EvalManifest {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as EvalManifest;
  for (const entry of manifest.cases) {
    for (const file of [entry.front, entry.back, entry.selfie]) {
      if (!fs.existsSync(path.join(folder, file))) throw new Error(`case ${entry.id}: ${file} is missing`);
    }
  }
  return manifest;
}
