import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  type BeginVerificationReply,
  type LivenessCapture,
  SUBJECTS,
  type SubmissionAccepted,
  type VerificationSubmission,
  verificationReason,
} from '@idv/contracts';
import type { RpcPayload } from '@idv/contracts/catalogue';
import { RpcClient } from '@idv/service-kit';
import { randomUUID } from 'node:crypto';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';
import { type CheckedImage, ImageRejected, checkImage } from '../engine/images/image-input';
import type { LivenessEvidence } from '../engine/liveness/head-turn-liveness';
import { VerificationEngine, type VerificationInput, type VerificationOutcome } from '../engine/verification-engine';
import { relayedError, serviceError } from '../errors/service-error';
import { StatusPublisher } from '../events/status-publisher';
import { SESSIONS_CLIENT } from './sessions-client.token';
import { WorkQueue } from './work-queue';

/**
 * What a check is taken to last until one has run here: about 1-2 s with its liveness frames on an
 * idle core (docs/benchmarks.md, docs/liveness.md), counted longer so that a cold instance is careful.
 */
const EXPECTED_CHECK_MS = 3000;

/**
 * A submission: validated, accepted by svc-sessions (token and states; the participant becomes
 * `submitted`), answered at once, then checked in memory and its result published. The images
 * exist only in this process' memory until the check ends.
 */
@Injectable()
export class SubmissionsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SubmissionsService.name);
  private readonly queue: WorkQueue;
  private stopping = false;
  private readonly sessions: RpcClient;

  constructor(
    @Inject(SESSIONS_CLIENT) sessionsProxy: ClientProxy,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
    private readonly engine: VerificationEngine,
    private readonly publisher: StatusPublisher,
  ) {
    this.queue = new WorkQueue({
      concurrency: env.VERIFICATION_CONCURRENCY,
      maxWaiting: env.VERIFICATION_QUEUE_MAX,
      maxExpectedWaitMs: env.VERIFICATION_QUEUE_WAIT_MAX_MS,
      initialJobMs: EXPECTED_CHECK_MS,
    });
    this.sessions = new RpcClient(sessionsProxy, env.SESSIONS_TIMEOUT_MS);
  }

  /** The command is validated by its catalogue schema first (SubmissionsController). */
  async submit({ sessionId, participantId, token, idempotencyKey, submission }: RpcPayload<'verification.submit.v1'>): Promise<SubmissionAccepted> {
    // The token first: a request whose token holds no place costs no decoding of its images (up to
    // three of 5 MB each, tens of milliseconds of CPU). It changes nothing.
    try {
      await this.sessions.request(SUBJECTS.sessions.place, { sessionId, participantId, token });
    } catch (error) {
      throw relayedError(error);
    }
    const capture = typeof submission.proofOfLife === 'string' ? undefined : submission.proofOfLife;
    // Enforced, liveness is decided on every submission: one without a capture would pass on its
    // selfie alone (a photo of a photo), so it is refused before anything is decoded or recorded.
    if (!capture && this.env.LIVENESS_HEAD_TURNS === 'enforced')
      throw serviceError(
        'liveness_capture_required',
        'This service checks liveness on every submission: take the selfie with the camera while following a liveness challenge, and send its frames as proofOfLife.',
      );
    // Type by magic bytes, size and pixel count, before the participant is marked submitted.
    const images = await this.checkImages(submission);
    const frames = capture && (await this.checkFrames(capture));
    // A place in the queue first: the participant becomes `submitted` only for a check that will
    // run, and "busy" (503, try again) changes nothing. A stopping instance takes no more work.
    const slot = this.stopping ? undefined : this.queue.reserve();
    if (!slot) throw serviceError('verification_busy', 'Verification is busy. Please try again in a few moments.');

    let begun: BeginVerificationReply;
    try {
      // A capture's challenge is checked there: its own, for this place and this attempt, not
      // expired; and that its frames follow the challenge's moves (their steps, not their images).
      begun = await this.sessions.request(SUBJECTS.sessions.beginVerification, {
        sessionId,
        participantId,
        token,
        idempotencyKey,
        ...(capture ? { challenge: capture.challenge, captureFrames: capture.frames.map(({ step, flow }) => ({ step, ...(flow && { flow }) })) } : {}),
      });
    } catch (error) {
      slot.release();
      throw relayedError(error);
    }
    // Sent again with its Idempotency-Key (the first answer was lost): its check is already under way or done.
    if (begun.repeated) {
      slot.release();
      return { accepted: true };
    }

    const liveness = frames && begun.livenessMoves ? { moves: begun.livenessMoves, frames } : undefined;
    const input: VerificationInput = { realName: submission.realName, invitedName: begun.invitedName, images, ...(liveness ? { liveness } : {}) };
    slot.run(() => this.check(sessionId, participantId, input, this.timing(begun)));
    return { accepted: true };
  }

  /**
   * SIGTERM (Nest's shutdown hooks): take no more work, let the checks in hand finish and publish
   * their results, for up to VERIFICATION_SHUTDOWN_GRACE_MS; then the process exits. A check cut
   * off past the grace period ends at its deadline in svc-sessions (`check_timeout`, retryable).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const { running, waiting } = this.queue.size;
    if (running + waiting > 0) this.logger.log(`stopping: finishing ${running + waiting} check(s) first`);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.env.VERIFICATION_SHUTDOWN_GRACE_MS);
    });
    const finished = await Promise.race([this.queue.whenIdle().then(() => true), graceOver]);
    clearTimeout(timer);
    if (!finished) this.logger.warn(`stopping with checks unfinished after ${this.env.VERIFICATION_SHUTDOWN_GRACE_MS} ms: they end at their deadline`);
  }

  /**
   * The check's deadline: svc-sessions' (past it, svc-sessions decides the submission itself,
   * `check_timeout`, and ignores a result). Its own time limit counts from when it starts (`check`):
   * a wait in the queue on a busy instance is not held against it.
   */
  private timing(begun: BeginVerificationReply): CheckTiming {
    // An svc-sessions from before deadlines and attempts (during a rolling update) sends neither.
    const given = Date.parse(begun.deadline);
    const deadline = Number.isFinite(given) ? given : Date.now() + 3 * this.env.VERIFICATION_TIMEOUT_MS;
    return { deadline, attempt: begun.attempt ?? 1 };
  }

  /** Each image checked once, here; the engine gets the decoded bytes, not the data URLs. */
  private async checkImages(submission: VerificationSubmission): Promise<VerificationInput['images']> {
    const check = (field: 'idDocumentFront' | 'idDocumentBack' | 'selfie') => checked(submission[field], field);
    return { front: await check('idDocumentFront'), back: await check('idDocumentBack'), selfie: await check('selfie') };
  }

  /** A capture's frames, each checked as the other images are (an error names the frame). */
  private async checkFrames(capture: LivenessCapture): Promise<LivenessEvidence['frames']> {
    const frames: LivenessEvidence['frames'] = [];
    for (const [index, frame] of capture.frames.entries())
      frames.push({ step: frame.step, ...(frame.flow && { flow: frame.flow }), image: await checked(frame.image, `proofOfLife.frames[${index}].image`) });
    return frames;
  }

  /** Runs the engine within its time limit; any failure ends as a retryable `failed`, never stuck. */
  private async check(sessionId: string, participantId: string, input: VerificationInput, timing: CheckTiming): Promise<void> {
    const timedOut: VerificationOutcome = { decision: 'failed', reasons: [verificationReason('check_timeout')] };
    const timeLeft = Math.min(this.env.VERIFICATION_TIMEOUT_MS, timing.deadline - Date.now());
    let outcome: VerificationOutcome = timedOut; // it waited in the queue past its limit: not run at all
    let timer: NodeJS.Timeout | undefined;
    // At the limit the check is answered check_timeout and its work stops too (no further OCR read
    // or face pass): a slot freed on time must not leave the CPU busy with a check nobody awaits.
    const stop = new AbortController();
    try {
      if (timeLeft > 0) {
        const limit = new Promise<VerificationOutcome>((resolve) => {
          timer = setTimeout(() => {
            resolve(timedOut); // first: the engine rejects as soon as it is aborted
            stop.abort();
          }, timeLeft);
        });
        outcome = await Promise.race([this.engine.verify(input, stop.signal), limit]);
      }
    } catch (error) {
      this.logger.error(`a check failed unexpectedly: ${(error as Error).message}`);
      outcome = { decision: 'failed', reasons: [verificationReason('check_failed')] };
    } finally {
      clearTimeout(timer);
    }
    await this.publishOutcome(sessionId, participantId, outcome, timing);
  }

  /** Published until JetStream has it, up to the deadline (after it svc-sessions has decided). */
  private async publishOutcome(sessionId: string, participantId: string, outcome: VerificationOutcome, { deadline, attempt }: CheckTiming): Promise<void> {
    try {
      const event = { eventId: randomUUID(), sessionId, participantId, ...outcome, decidedAt: new Date().toISOString(), attempt };
      await this.publisher.publish(event, deadline);
    } catch (error) {
      this.logger.error(`a result could not be published before its deadline, svc-sessions ends it as check_timeout: ${(error as Error).message}`);
    }
  }
}

interface CheckTiming {
  /** When svc-sessions decides without it (ms); the check stops then at the latest. */
  deadline: number;
  /** Which submission of the participant this is: its result says so. */
  attempt: number;
}

/** One image checked (type, size, pixels); a refusal answers with the field it came from. */
async function checked(dataUrl: string, field: string): Promise<CheckedImage> {
  try {
    return await checkImage(dataUrl);
  } catch (error) {
    if (error instanceof ImageRejected) throw serviceError(error.code, error.message, { [field]: error.message });
    throw error;
  }
}
