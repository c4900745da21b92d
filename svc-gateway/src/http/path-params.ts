import { type PipeTransform } from '@nestjs/common';
import { VALIDATION_MESSAGES, isParticipantId, parseSessionCode } from '@idv/contracts';
import { validationFailed } from '../errors/api-error';

/** `:id` as a session id: normalised (case, dashes, look-alikes), else 400. */
export class SessionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const id = parseSessionCode(value);
    if (!id) throw validationFailed({ sessionId: VALIDATION_MESSAGES.session_code_invalid });
    return id;
  }
}

/** `:pid` as a participant id, else 400. */
export class ParticipantIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isParticipantId(value)) throw validationFailed({ participantId: 'participantId must be a participant id' });
    return value;
  }
}
