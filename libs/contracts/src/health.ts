export type ComponentState = 'up' | 'down';

/** What a service answers on its health subject. */
export interface ServiceHealthReply {
  service: string;
  status: ComponentState;
  /** Dependencies the service checked itself (e.g. the database). */
  checks: Record<string, ComponentState>;
}

/** `GET /api/health`. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, ComponentState>;
}
