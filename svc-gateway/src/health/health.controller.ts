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

  /**
   * For an orchestrator's probes (the Helm chart's liveness and readiness): this gateway process
   * runs and answers, whatever its dependencies do. A gateway whose database or services are away
   * still answers every request itself (503 with Retry-After), so it must stay in its Service and
   * must not be restarted for what it does not hold; `/health` says what is down.
   */
  @Get('live')
  @ApiOperation({ summary: 'This gateway process answers (for probes); asks nothing it depends on' })
  @ApiOkResponse({ description: 'The gateway process is up' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
