export * from './env';
export * from './bootstrap';
export * from './nats-health-probe';
export * from './verification-status-stream';
export * from './logging';
export * from './nats-options';
