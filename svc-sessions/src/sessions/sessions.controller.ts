import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS } from '@idv/contracts';
import { PlaceHandoff } from './place-handoff.service';
import { SessionsService } from './sessions.service';

/** The request/reply subjects of svc-sessions; each handler validates its own payload. */
@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly handoff: PlaceHandoff,
  ) {}

  @MessagePattern(SUBJECTS.sessions.create)
  create(@Payload() payload: unknown) {
    return this.sessions.create(payload);
  }

  @MessagePattern(SUBJECTS.sessions.get)
  get(@Payload() payload: unknown) {
    return this.sessions.get(payload);
  }

  @MessagePattern(SUBJECTS.sessions.claim)
  claim(@Payload() payload: unknown) {
    return this.sessions.claim(payload);
  }

  @MessagePattern(SUBJECTS.sessions.cancel)
  cancel(@Payload() payload: unknown) {
    return this.sessions.cancel(payload);
  }

  @MessagePattern(SUBJECTS.sessions.decline)
  decline(@Payload() payload: unknown) {
    return this.sessions.decline(payload);
  }

  @MessagePattern(SUBJECTS.sessions.beginVerification)
  beginVerification(@Payload() payload: unknown) {
    return this.sessions.beginVerification(payload);
  }

  @MessagePattern(SUBJECTS.sessions.offerHandoff)
  offerHandoff(@Payload() payload: unknown) {
    return this.handoff.offer(payload);
  }

  @MessagePattern(SUBJECTS.sessions.redeemHandoff)
  redeemHandoff(@Payload() payload: unknown) {
    return this.handoff.redeem(payload);
  }

  @MessagePattern(SUBJECTS.sessions.place)
  place(@Payload() payload: unknown) {
    return this.handoff.place(payload);
  }
}
