import type * as z from 'zod';
import type { SubmitVerificationCommandSchema } from './catalogue/commands';
import type { BeginVerificationReplySchema, SubmissionAcceptedSchema } from './catalogue/replies';
import type { VerificationStatusEventSchema } from './catalogue/status-event';
import type { LivenessCaptureSchema, VerificationSubmissionSchema } from './catalogue/verification-requests';

/** Published on the JetStream status stream; no extracted personal data (schema in ./catalogue). */
export type VerificationStatusEvent = z.input<typeof VerificationStatusEventSchema>;
/** A liveness capture: the challenge followed and the frames taken (docs/liveness.md). */
export type LivenessCapture = z.output<typeof LivenessCaptureSchema>;
/** Body of `POST /api/verification/:sessionId/:participantId`. */
export type VerificationSubmission = z.output<typeof VerificationSubmissionSchema>;
/** `verification.submit.v1`: a submission with the ids from the path and the browser's token. */
export type SubmitVerificationCommand = z.input<typeof SubmitVerificationCommandSchema>;
export type SubmissionAccepted = z.output<typeof SubmissionAcceptedSchema>;
/** svc-sessions' answer when svc-verification begins a check: the invited name, the deadline, the attempt. */
export type BeginVerificationReply = z.output<typeof BeginVerificationReplySchema>;
