import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { SUBJECTS, type ComponentState, type HealthReport, type ServiceHealthReply } from '@idv/contracts';
import { RpcClient } from '@idv/service-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { NATS_CLIENT } from '../nats/nats-client.token';

type Probe = { reply: ServiceHealthReply } | { error: 'no_subscribers' | 'unreachable' };

/** Readiness of the gateway's dependencies: NATS, both services and the database behind sessions. */
@Injectable()
export class HealthService {
  private readonly rpc: RpcClient;

  constructor(@Inject(NATS_CLIENT) nats: ClientProxy, @Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.rpc = new RpcClient(nats, env.HEALTH_TIMEOUT_MS);
  }

  async report(): Promise<HealthReport> {
    const [sessions, verification] = await Promise.all([this.probe(SUBJECTS.sessions.health), this.probe(SUBJECTS.verification.health)]);
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

  private async probe(subject: typeof SUBJECTS.sessions.health | typeof SUBJECTS.verification.health): Promise<Probe> {
    try {
      return { reply: await this.rpc.request(subject, {}) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: /no subscribers/i.test(message) ? 'no_subscribers' : 'unreachable' };
    }
  }
}
