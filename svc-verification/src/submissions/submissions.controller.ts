import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type SubmissionAccepted, SUBJECTS } from '@idv/contracts';
import type { RpcPayload } from '@idv/contracts/catalogue';
import { CataloguePayload } from '@idv/service-kit';
import { SubmissionsService } from './submissions.service';

const { submit } = SUBJECTS.verification;

@Controller()
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  /** Core NATS only: a submission is never persisted on the way. Validated by its catalogue schema. */
  @MessagePattern(submit)
  submit(@Payload(new CataloguePayload(submit)) command: RpcPayload<typeof submit>): Promise<SubmissionAccepted> {
    return this.submissions.submit(command);
  }
}
