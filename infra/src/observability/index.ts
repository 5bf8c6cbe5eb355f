export * from './metrics.ts';
export * from './metrics-server.ts';
export * from './tracing.ts';
export * from './instrumented-event-store.ts';
export * from './instrumented-bus.ts';
export * from './counted-mailer.ts';
