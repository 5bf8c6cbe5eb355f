import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, runMode } from './config.ts';

describe('configuration from the environment', () => {
  it('has defaults that run embedded mode on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SIDELINE_ROLE: 'all',
      SEED_DEMO: true,
      PGLITE_THREAD: 'worker',
    });
    expect(runMode(config)).toBe('embedded');
  });

  it('picks services and EventStoreDB modes from the URLs', () => {
    expect(runMode(loadConfig({ DATABASE_URL: 'postgres://x@h/db', NATS_URL: 'nats://h:4222' }))).toBe('services');
    expect(runMode(loadConfig({ DATABASE_URL: 'postgres://x@h/db', EVENTSTORE_URL: 'esdb://h:2113?tls=false' }))).toBe(
      'eventstoredb',
    );
  });

  it('lists every bad value with a clear message', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SIDELINE_ROLE: 'web', SEED_DEMO: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL must be a URL starting with postgres://');
      expect(text).toContain('SIDELINE_ROLE');
      expect(text).toContain('SEED_DEMO');
    }
  });

  it('takes an SMTP server for email, refusing anything that is not an smtp:// or smtps:// URL', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.org:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org' })).toThrow(
      /SMTP_URL must be a URL starting with smtp:\/\//,
    );
  });

  it('requires NATS and PostgreSQL in split mode', () => {
    expect(() => loadConfig({ SIDELINE_ROLE: 'api' })).toThrow(/NATS_URL is required when SIDELINE_ROLE=api/);
  });

  it('bounds /ws sockets per user and per IP, and re-checks sessions every 60 s, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      WS_MAX_SOCKETS_PER_USER: 20,
      WS_MAX_SOCKETS_PER_IP: 100,
      WS_SESSION_CHECK_SECONDS: 60,
    });
    expect(
      loadConfig({ WS_MAX_SOCKETS_PER_USER: '5', WS_MAX_SOCKETS_PER_IP: '50', WS_SESSION_CHECK_SECONDS: '0.5' }),
    ).toMatchObject({ WS_MAX_SOCKETS_PER_USER: 5, WS_MAX_SOCKETS_PER_IP: 50, WS_SESSION_CHECK_SECONDS: 0.5 });
    expect(() => loadConfig({ WS_MAX_SOCKETS_PER_USER: '0' })).toThrow(/WS_MAX_SOCKETS_PER_USER/);
    expect(() => loadConfig({ WS_SESSION_CHECK_SECONDS: 'often' })).toThrow(/WS_SESSION_CHECK_SECONDS/);
  });

  it('serves metrics, traces and readiness only as configured: no metrics port, no tracing, 5 s of lag', () => {
    const defaults = loadConfig({});
    expect(defaults.METRICS_PORT).toBeUndefined();
    expect(defaults.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(defaults.READY_MAX_LAG_SECONDS).toBe(5);
    expect(
      loadConfig({
        METRICS_PORT: '9464',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        READY_MAX_LAG_SECONDS: '0.5',
      }),
    ).toMatchObject({
      METRICS_PORT: 9464,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      READY_MAX_LAG_SECONDS: 0.5,
    });
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be a URL starting with http:\/\//,
    );
    expect(() => loadConfig({ READY_MAX_LAG_SECONDS: '-1' })).toThrow(/READY_MAX_LAG_SECONDS/);
  });
});
