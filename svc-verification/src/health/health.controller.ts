import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type ServiceHealthReply } from '@idv/contracts';
import { VerificationEngine } from '../engine/verification-engine';

@Controller()
export class HealthController {
  constructor(private readonly engine: VerificationEngine) {}

  /** Up once the models have loaded. */
  @MessagePattern(SUBJECTS.verification.health)
  health(): ServiceHealthReply {
    const models = this.engine.ready ? 'up' : 'down';
    return { service: 'svc-verification', status: models, checks: { models } };
  }
}
