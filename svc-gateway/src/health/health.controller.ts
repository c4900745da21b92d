import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SkipThrottle } from '@nestjs/throttler';
import type { HealthReport } from '@idv/contracts';
import { Public } from '../auth/public.decorator';
import { ALL_RATE_LIMITS } from '../http/rate-limits';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
// Health is polled (start-up scripts, orchestrators): never rate-limited, by any limiter.
@SkipThrottle(ALL_RATE_LIMITS)
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and readiness of the gateway, NATS, the services and the database' })
  @ApiOkResponse({ description: 'Everything is up' })
  @ApiServiceUnavailableResponse({ description: 'Something the gateway depends on is down; `checks` says what' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
