import { PieceworkError } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { readOtelLogSettings } from './otel-log-settings';

describe('readOtelLogSettings', () => {
  it('is off unless AP_OTEL_ENABLED is true, whatever the OTEL_* variables say', () => {
    expect(
      readOtelLogSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false),
    ).toBeUndefined();
  });

  it.each([
    ['no endpoint: the OpenTelemetry default', {}, 'http://localhost:4318/v1/logs'],
    [
      'the base endpoint, with /v1/logs appended',
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/' },
      'https://otel.example.com/otlp/v1/logs',
    ],
    [
      'the logs endpoint as given, over the base one',
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
        OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'http://b:4318/custom',
      },
      'http://b:4318/custom',
    ],
  ])('posts to %s', (_, env: Record<string, string>, url) => {
    expect(readOtelLogSettings(env, true)?.url).toBe(url);
  });

  it('reads the headers, the timeout and the service name, with their defaults', () => {
    expect(readOtelLogSettings({}, true)).toMatchObject({
      headerLists: [],
      serviceName: 'piecework',
      timeoutMs: 10_000,
    });
    const env = {
      OTEL_EXPORTER_OTLP_HEADERS: 'a=1',
      OTEL_EXPORTER_OTLP_LOGS_HEADERS: 'b=2',
      OTEL_EXPORTER_OTLP_TIMEOUT: '5000',
      OTEL_EXPORTER_OTLP_LOGS_TIMEOUT: '2500',
      OTEL_SERVICE_NAME: 'automation',
    };
    expect(readOtelLogSettings(env, true)).toMatchObject({
      headerLists: ['a=1', 'b=2'],
      serviceName: 'automation',
      timeoutMs: 2500,
    });
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318', 'must be an absolute http(s) URL'],
    ['OTEL_EXPORTER_OTLP_LOGS_ENDPOINT', 'ftp://collector/v1/logs', 'must be an absolute http(s) URL'],
    ['OTEL_EXPORTER_OTLP_TIMEOUT', '1.5', 'whole number of milliseconds above 0'],
    ['OTEL_EXPORTER_OTLP_LOGS_TIMEOUT', '0', 'whole number of milliseconds above 0'],
  ])('refuses %s=%s with VALIDATION naming the variable and the value', (variable, value, reason) => {
    let error: unknown;
    try {
      readOtelLogSettings({ [variable]: value }, true);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PieceworkError);
    expect(error).toMatchObject({ code: 'VALIDATION', params: { variable, value } });
    expect((error as PieceworkError).message).toContain(reason);
  });
});
