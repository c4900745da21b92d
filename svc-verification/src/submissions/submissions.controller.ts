import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS } from '@idv/contracts';
import { SubmissionsService } from './submissions.service';

@Controller()
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  /** Core NATS only: a submission is never persisted on the way. */
  @MessagePattern(SUBJECTS.verification.submit)
  submit(@Payload() payload: unknown) {
    return this.submissions.submit(payload);
  }
}
