import type * as z from 'zod';
import type { ServiceHealthReplySchema } from './catalogue/replies';

export type ComponentState = 'up' | 'down';

/** What a service answers on its health subject. */
export type ServiceHealthReply = z.output<typeof ServiceHealthReplySchema>;

/** `GET /api/health`. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, ComponentState>;
}
