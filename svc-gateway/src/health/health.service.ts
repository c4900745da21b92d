import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { SUBJECTS, type ComponentState, type HealthReport, type ServiceHealthReply } from '@idv/contracts';
import { firstValueFrom, timeout } from 'rxjs';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { NATS_CLIENT } from '../nats/nats-client.token';

type Probe = { reply: ServiceHealthReply } | { error: 'no_subscribers' | 'unreachable' };

/** Readiness of the gateway's dependencies: NATS, both services and the database behind sessions. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async report(): Promise<HealthReport> {
    const [sessions, verification] = await Promise.all([
      this.probe(SUBJECTS.sessions.health),
      this.probe(SUBJECTS.verification.health),
    ]);
    const natsUp = [sessions, verification].some((p) => 'reply' in p || p.error === 'no_subscribers');
    const checks: Record<string, ComponentState> = {
      gateway: 'up',
      nats: natsUp ? 'up' : 'down',
      sessions: 'reply' in sessions && sessions.reply.status === 'up' ? 'up' : 'down',
      verification: 'reply' in verification && verification.reply.status === 'up' ? 'up' : 'down',
      database: 'reply' in sessions && sessions.reply.checks['database'] === 'up' ? 'up' : 'down',
    };
    const status = Object.values(checks).every((state) => state === 'up') ? 'ok' : 'degraded';
    return { status, checks };
  }

  private async probe(subject: string): Promise<Probe> {
    try {
      const reply = await firstValueFrom(
        this.nats.send<ServiceHealthReply>(subject, {}).pipe(timeout(this.env.HEALTH_TIMEOUT_MS)),
      );
      return { reply };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: /no subscribers/i.test(message) ? 'no_subscribers' : 'unreachable' };
    }
  }
}
