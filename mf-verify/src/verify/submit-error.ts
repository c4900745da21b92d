import { ApiCallError } from '@idv/api-client';

/** What the form does after a failed submit: go somewhere, show a field error, or say a message. */
export type SubmitOutcome =
  | { kind: 'go'; to: 'results' | 'waiting' | 'invite' }
  | { kind: 'moved' }
  | { kind: 'name'; key: 'verify.realNameRequired' | 'verify.realNameInvalid' }
  | { kind: 'retake'; key: 'verify.livenessExpired' | 'verify.livenessCameraNeeded' }
  | { kind: 'message'; key: string };

/** A cancelled session goes to results silently; everything else is said. */
export function submitOutcome(error: unknown): SubmitOutcome {
  if (!(error instanceof ApiCallError)) return { kind: 'message', key: 'verify.submitFailed' };
  switch (error.code) {
    case 'session_cancelled':
    case 'session_expired':
      return { kind: 'go', to: 'results' };
    case 'already_submitted':
    case 'participant_not_pending':
      return { kind: 'go', to: 'waiting' };
    // The place was claimed without the terms (to decline, or before they were asked for): the
    // invite page asks for them and keeps this browser's place.
    case 'terms_not_accepted':
      return { kind: 'go', to: 'invite' };
    // A retry that is no longer allowed: the results say why.
    case 'attempts_exhausted':
    case 'not_retryable':
      return { kind: 'go', to: 'results' };
    // This device's place moved to another device: it says so, and goes on there.
    case 'place_moved':
      return { kind: 'moved' };
    // The selfie's head-turn challenge expired (or was for an attempt already made): a new selfie gets a new one.
    case 'liveness_challenge_invalid':
      return { kind: 'retake', key: 'verify.livenessExpired' };
    // A selfie sent without its capture where liveness is enforced (uploaded, or taken when no
    // challenge could be had), or a capture whose frames did not follow its challenge (never the
    // page's own): it is taken again with the camera, or on a phone (handoff).
    case 'liveness_capture_required':
    case 'liveness_capture_invalid':
      return { kind: 'retake', key: 'verify.livenessCameraNeeded' };
    case 'network':
      return { kind: 'message', key: 'verify.submitNetwork' };
    case 'timeout':
    case 'service_timeout':
      return { kind: 'message', key: 'verify.submitTimeout' };
    case 'image_too_large':
    case 'payload_too_large':
      return { kind: 'message', key: 'verify.fileTooLarge' };
    case 'unsupported_image_type':
      return { kind: 'message', key: 'verify.invalidType' };
    case 'image_unreadable':
      return { kind: 'message', key: 'verify.unreadableImage' };
    case 'validation_failed':
      // A name given that breaks the name rule is invalid; one missing (no code) or empty is required.
      if (error.fields?.['realName'])
        return { kind: 'name', key: error.fieldCodes?.['realName'] === 'real_name_invalid' ? 'verify.realNameInvalid' : 'verify.realNameRequired' };
      return { kind: 'message', key: 'verify.submitFailed' };
    default:
      return { kind: 'message', key: error.status >= 500 ? 'verify.submitBusy' : 'verify.submitFailed' };
  }
}
