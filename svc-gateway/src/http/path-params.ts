import { Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { LIMITS, PARTICIPANT_ID_PATTERN, SESSION_CODE_INPUT_PATTERN, VALIDATION_MESSAGES, isParticipantId, parseSessionCode } from '@idv/contracts';
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

/** Both: the parameter through its pipe, and its exact shape in the OpenAPI document. */
function documentedParam(name: string, pipe: new () => PipeTransform, schema: Record<string, unknown>, description: string): ParameterDecorator {
  return (target, key, index) => {
    Param(name, pipe)(target, key, index);
    if (key !== undefined) ApiParam({ name, schema, description })(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}

/** A session id or join code as typed (case, spaces, dashes, look-alikes); else 400. */
export const SessionIdParam = (name: string) =>
  documentedParam(
    name,
    SessionIdPipe,
    { type: 'string', pattern: SESSION_CODE_INPUT_PATTERN, maxLength: LIMITS.sessionCodeMaxCodeUnits },
    'A session id or join code: 12 Crockford base32 characters in either case; O, I and L read as 0, 1, 1; spaces and dashes ignored',
  );

/** A participant id; else 400. */
export const ParticipantIdParam = (name: string) =>
  documentedParam(name, ParticipantIdPipe, { type: 'string', pattern: PARTICIPANT_ID_PATTERN.source }, 'A participant id: 22 base64url characters');
