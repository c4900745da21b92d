import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUBJECTS, type ServiceHealthReply } from '@idv/contracts';

@Controller()
export class HealthController {
  @MessagePattern(SUBJECTS.verification.health)
  health(): ServiceHealthReply {
    return { service: 'svc-verification', status: 'up', checks: {} };
  }
}
