import { type SubmissionPart, type VerificationReasonCode, partsToGiveAgain } from '@idv/contracts';
import type { GuidedSelfie } from './selfie/head-turn-capture';
import type { PreparedImage } from './uploads/DocumentUpload';

/** What a person gave in their last submission in this tab, to be kept for a next attempt. */
export interface Answers {
  realName: string;
  front: PreparedImage;
  back: PreparedImage;
  selfie: GuidedSelfie;
}

/** What a next attempt starts with: the kept parts, and which parts the person must give again. */
export interface NextAttempt {
  realName?: string;
  front?: PreparedImage;
  back?: PreparedImage;
  selfie?: GuidedSelfie;
  /** What the failure asks for again, and the selfie when it was a live capture (see below). */
  giveAgain: SubmissionPart[];
  /** What is kept from the last attempt. */
  kept: SubmissionPart[];
}

/** How long a submission's answers are kept in this tab for a next attempt. */
const KEEP_MS = 30 * 60 * 1000;

/**
 * The answers of each place's last submission, in this tab's memory only (never in storage): a
 * failure that asks for the name again should not ask for the document photos too. Gone when the
 * tab closes or reloads, after 30 minutes, or once the place needs them no more.
 */
const kept = new Map<string, { answers: Answers; timer: ReturnType<typeof setTimeout> }>();
const keyOf = (sessionId: string, participantId: string) => `${sessionId}/${participantId}`;

export function keepAnswers(sessionId: string, participantId: string, answers: Answers): void {
  forgetAnswers(sessionId, participantId);
  const key = keyOf(sessionId, participantId);
  kept.set(key, { answers, timer: setTimeout(() => kept.delete(key), KEEP_MS) });
}

export function forgetAnswers(sessionId: string, participantId: string): void {
  const key = keyOf(sessionId, participantId);
  clearTimeout(kept.get(key)?.timer);
  kept.delete(key);
}

/**
 * The next attempt after a failure with these reasons: the kept answers but the parts the failure
 * asks for again. A selfie taken live at the camera is always taken again: its head turns follow a
 * challenge that holds for one attempt only, so that it shows the person is there now. A photo
 * uploaded instead (no camera) is kept unless the failure asks for the selfie.
 */
export function nextAttempt(sessionId: string, participantId: string, reasons: readonly VerificationReasonCode[]): NextAttempt {
  const last = kept.get(keyOf(sessionId, participantId))?.answers;
  const again = partsToGiveAgain(reasons);
  if (!last) return { giveAgain: again, kept: [] };
  const keepsName = !again.includes('name');
  const keepsDocuments = !again.includes('documents');
  const keepsSelfie = !again.includes('selfie') && last.selfie.proofOfLife === '';
  return {
    ...(keepsName ? { realName: last.realName } : {}),
    ...(keepsDocuments ? { front: last.front, back: last.back } : {}),
    ...(keepsSelfie ? { selfie: last.selfie } : {}),
    giveAgain: keepsSelfie || again.includes('selfie') ? again : [...again, 'selfie'],
    kept: [...(keepsName ? ['name' as const] : []), ...(keepsDocuments ? ['documents' as const] : []), ...(keepsSelfie ? ['selfie' as const] : [])],
  };
}
