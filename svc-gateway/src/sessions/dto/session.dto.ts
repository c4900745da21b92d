import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PARTICIPANT_STATUSES, type ParticipantStatus, SESSION_STATUSES, type SessionStatus, VERIFICATION_REASONS } from '@idv/contracts';

export class ParticipantInputDto {
  @ApiProperty({ example: 'Ana Pérez', minLength: 2, maxLength: 50 }) name!: string;
  @ApiProperty({ example: 'ana@example.com' }) email!: string;
}

export class CreateSessionDto {
  @ApiProperty({ example: 'Ana Pérez', description: 'The initiator name; must equal participants[0].name' }) initiator!: string;
  @ApiProperty({ type: [ParticipantInputDto], minItems: 2, maxItems: 3, description: 'Initiator first' })
  participants!: ParticipantInputDto[];
  @ApiProperty({ example: 'Selling a car', maxLength: 50 }) purpose!: string;
  @ApiProperty({ enum: [true], example: true, description: 'The initiator accepted the Terms of Service; refused (400) unless true' })
  termsAccepted!: true;
}

export class ClaimParticipantDto {
  @ApiProperty({
    example: true,
    description: 'true: the person accepted the Terms of Service (needed before they may submit: else 403 terms_not_accepted); false: the place is claimed only to decline',
  })
  termsAccepted!: boolean;
}

export class ReasonDto {
  @ApiProperty({ enum: Object.keys(VERIFICATION_REASONS) }) code!: string;
  @ApiProperty() retryable!: boolean;
}

export class ResultDto {
  @ApiProperty({ format: 'date-time' }) decidedAt!: string;
  @ApiProperty({ type: [ReasonDto], description: 'Empty when verified' }) reasons!: ReasonDto[];
}

export class ParticipantViewDto {
  @ApiProperty() _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'a***@example.com', description: 'Masked unless the initiator token is presented' }) email!: string;
  @ApiProperty({ enum: PARTICIPANT_STATUSES }) status!: ParticipantStatus;
  @ApiProperty({ description: 'A browser has claimed this place' }) claimed!: boolean;
  @ApiPropertyOptional({ type: ResultDto }) result?: ResultDto;
  @ApiProperty({ minimum: 0, example: 1, description: 'Submissions made so far (0 before the first); a retry after a retryable failure is the next one' })
  attempt!: number;
  @ApiProperty({
    minimum: 0,
    example: 2,
    description: 'Submissions still allowed (3 in all by default). A failed participant whose reasons are all retryable may submit again while this is above 0',
  })
  attemptsLeft!: number;
}

export class SessionViewDto {
  @ApiProperty({ example: '7Q2X9T4K0W1M', description: '12 characters of Crockford base32; also the join code' }) _id!: string;
  @ApiProperty() initiator!: string;
  @ApiProperty() initiatorParticipantId!: string;
  @ApiProperty({ type: [ParticipantViewDto] }) participants!: ParticipantViewDto[];
  @ApiProperty() purpose!: string;
  @ApiProperty({ enum: SESSION_STATUSES }) status!: SessionStatus;
  @ApiProperty({ example: 'https://idv.example.com/invite/7Q2X9T4K0W1M' }) shareableUrl!: string;
  @ApiProperty() isCancelled!: boolean;
  @ApiPropertyOptional() cancelReason?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

export class CreateSessionResponseDto {
  @ApiProperty({ type: SessionViewDto }) session!: SessionViewDto;
  @ApiProperty({ description: 'Shown once; send as x-session-token to act as the initiator' }) initiatorToken!: string;
}

export class ClaimResponseDto {
  @ApiProperty({ description: 'Shown once; send as x-session-token to act as this participant' }) participantToken!: string;
}

export class HandoffOfferDto {
  @ApiProperty({ description: 'Single-use, 128 random bits; stored only as a hash', example: 'q3VbX0n2cQk7dPz9LmA1sw' }) code!: string;
  @ApiProperty({ description: 'The short link to show as a QR code: opening it on another device moves the place there' }) url!: string;
  @ApiProperty({ format: 'date-time', description: 'The code is refused from then on (10 minutes)' }) expiresAt!: string;
}

export class RedeemHandoffDto {
  @ApiProperty({ description: 'The code of the handoff link' }) code!: string;
}

export class HandoffRedeemedDto {
  @ApiProperty() sessionId!: string;
  @ApiProperty() participantId!: string;
  @ApiProperty({ description: 'The invited name of the place' }) name!: string;
  @ApiProperty({ description: "The initiator's place: the token also acts for the whole session" }) initiator!: boolean;
  @ApiProperty({ description: "Shown once; send as x-session-token. The offering device's token stops working (403 place_moved)" }) token!: string;
}

export class PlaceHeldDto {
  @ApiProperty({ enum: [true] }) held!: true;
}

export class CancelSessionDto {
  @ApiProperty({ description: 'initiatorParticipantId of the session' }) initiatorId!: string;
  @ApiProperty({ example: 'Cancelled by initiator', maxLength: 200 }) reason!: string;
}

export class DeclineDto {
  @ApiProperty() participantId!: string;
}
