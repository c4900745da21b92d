import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectConnection } from '@nestjs/mongoose';
import { SUBJECTS, type ServiceHealthReply } from '@idv/contracts';
import type { Connection } from 'mongoose';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';

@Controller()
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  @MessagePattern(SUBJECTS.sessions.health)
  async health(): Promise<ServiceHealthReply> {
    const database = (await this.pingDatabase()) ? 'up' : 'down';
    return { service: 'svc-sessions', status: database, checks: { database } };
  }

  private async pingDatabase(): Promise<boolean> {
    const db = this.connection.db;
    if (this.connection.readyState !== 1 || !db) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.env.HEALTH_DB_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        db
          .admin()
          .ping()
          .then(() => true),
        timeout,
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
