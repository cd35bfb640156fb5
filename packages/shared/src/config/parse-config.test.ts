import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../common/errors';
import type { PieceworkError } from '../common/errors';
import { CONFIG_VARIABLES, configKey } from './config-variables';
import { REMOVED_CONFIG_VARIABLES, findRemovedConfigVariables } from './removed-config-variables';
import { parseConfig } from './parse-config';
import { PieceworkConfig } from './piecework-config';

/** Runs parseConfig and returns the error it throws (fails the test when it does not throw). */
function configErrorOf(env: Record<string, string | undefined>): PieceworkError {
  try {
    parseConfig(env);
  } catch (error) {
    if (isPieceworkError(error, 'VALIDATION')) return error;
    throw error;
  }
  throw new Error('parseConfig did not throw');
}

describe('parseConfig defaults', () => {
  const config = parseConfig({});

  it.each([
    ['port', 3000],
    ['configPath', './.piecework'],
    ['webhookTimeoutSeconds', 30],
    ['dbType', 'SQLITE'],
    ['logLevel', 'info'],
    ['maxFlowRunLogSizeMb', 50],
    ['flowRunLogSliceThresholdKb', 32],
    ['flowRunLogInputTruncateThresholdKb', 2],
    ['maxWebhookPayloadSizeMb', 25],
    ['executionDataRetentionDays', 30],
    ['defaultConcurrentJobsLimit', 5],
    ['logSampleRateInfo', 100],
    ['logKeepSlowMs', 2000],
    ['useCdnForBundles', true],
    ['allowDisposableEmails', false],
    ['edition', 'ce'],
    ['flowTimeoutSeconds', 600],
    ['workerConcurrency', 10],
    ['maxFileSizeMb', 25],
    ['triggerDefaultPollInterval', 5],
    ['ssrfAllowList', []],
    ['allowedEmbedOrigins', []],
    ['otelEnabled', false],
    ['postgresUrl', undefined],
    ['redisUrl', undefined],
    ['encryptionKey', undefined],
    ['jwtSecret', undefined],
    ['apiRateLimitAuthnEnabled', true],
    ['apiRateLimitAuthnMax', 50],
    ['apiRateLimitAuthnWindow', 60_000],
    ['humanInputRateLimitMax', 20],
    ['humanInputRateLimitWindow', 60_000],
  ] as const)('%s defaults to %j', (key, expected) => {
    expect(config[key]).toEqual(expected);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ AP_PORT: '', AP_REDIS_URL: '' })).toEqual(config);
  });

  it('ignores variables it does not know', () => {
    expect(parseConfig({ HOME: '/root', AP_SOMETHING_ELSE: 'x' })).toEqual(config);
  });
});

describe('parseConfig reads values', () => {
  it.each([
    ['AP_PORT', '8080', 'port', 8080],
    ['AP_MAX_FLOW_RUN_LOG_SIZE_MB', '10', 'maxFlowRunLogSizeMb', 10],
    ['AP_LOG_SAMPLE_RATE_INFO', '12.5', 'logSampleRateInfo', 12.5],
    ['AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB', '0', 'flowRunLogSliceThresholdKb', 0],
    ['AP_USE_CDN_FOR_BUNDLES', 'false', 'useCdnForBundles', false],
    ['AP_ALLOW_DISPOSABLE_EMAILS', 'true', 'allowDisposableEmails', true],
    ['AP_DB_TYPE', 'SQLITE', 'dbType', 'SQLITE'],
    ['AP_EDITION', 'ee', 'edition', 'ee'],
    ['AP_EDITION', 'cloud', 'edition', 'cloud'],
    ['AP_EXECUTION_MODE', 'SANDBOX_PROCESS', 'executionMode', 'SANDBOX_PROCESS'],
    ['AP_LOG_LEVEL', 'debug', 'logLevel', 'debug'],
    [
      'AP_ALLOWED_EMBED_ORIGINS',
      'https://a.example.com, https://*.b.example.com,',
      'allowedEmbedOrigins',
      ['https://a.example.com', 'https://*.b.example.com'],
    ],
    [
      'AP_ENCRYPTION_KEY',
      '0123456789abcdef0123456789ABCDEF',
      'encryptionKey',
      '0123456789abcdef0123456789ABCDEF',
    ],
  ] as const)('%s=%s', (name, text, key, expected) => {
    expect(parseConfig({ [name]: text })[key]).toEqual(expected);
  });

  it('reads PostgreSQL settings', () => {
    const config = parseConfig({
      AP_DB_TYPE: 'POSTGRES',
      AP_POSTGRES_URL: 'postgres://u:p@db:5432/piecework',
    });
    expect(config.dbType).toBe('POSTGRES');
    expect(config.postgresUrl).toBe('postgres://u:p@db:5432/piecework');
  });

  it('reads PostgreSQL settings given one by one', () => {
    const config = parseConfig({
      AP_DB_TYPE: 'POSTGRES',
      AP_POSTGRES_HOST: 'db',
      AP_POSTGRES_PORT: '6543',
      AP_POSTGRES_DATABASE: 'piecework',
      AP_POSTGRES_USERNAME: 'pw',
      AP_POSTGRES_PASSWORD: 'secret',
      AP_POSTGRES_USE_SSL: 'true',
      AP_POSTGRES_POOL_SIZE: '4',
    });
    expect(config).toMatchObject({
      postgresHost: 'db',
      postgresPort: 6543,
      postgresDatabase: 'piecework',
      postgresUsername: 'pw',
      postgresPassword: 'secret',
      postgresUseSsl: true,
      postgresPoolSize: 4,
    });
    expect(config.postgresUrl).toBeUndefined();
  });

  it('defaults the PostgreSQL port, TLS and pool size', () => {
    expect(parseConfig({})).toMatchObject({
      postgresPort: 5432,
      postgresUseSsl: false,
      postgresPoolSize: 10,
    });
  });
});

describe('parseConfig rejects invalid values, naming the variable and the value', () => {
  it.each([
    ['a number that is text', 'AP_PORT', 'abc', 'must be a number'],
    ['a number in exponent form', 'AP_MAX_FILE_SIZE_MB', '1e3', 'must be a number'],
    ['a number with spaces', 'AP_WORKER_CONCURRENCY', ' 5', 'must be a number'],
    ['a negative size', 'AP_MAX_FLOW_RUN_LOG_SIZE_MB', '-1', 'whole number at least 1'],
    ['a zero concurrency', 'AP_WORKER_CONCURRENCY', '0', 'whole number at least 1'],
    ['a fractional timeout', 'AP_FLOW_TIMEOUT_SECONDS', '1.5', 'whole number'],
    ['a port out of range', 'AP_PORT', '70000', 'from 1 to 65535'],
    ['a percentage over 100', 'AP_LOG_SAMPLE_RATE_INFO', '101', 'percentage'],
    ['a boolean spelled yes', 'AP_USE_CDN_FOR_BUNDLES', 'yes', "'true' or 'false'"],
    ['a boolean in capitals', 'AP_ALLOW_DISPOSABLE_EMAILS', 'TRUE', "'true' or 'false'"],
    ['a boolean as 1', 'AP_OTEL_ENABLED', '1', "'true' or 'false'"],
    ['an unknown database', 'AP_DB_TYPE', 'PGLITE', 'SQLITE'],
    ['an edition in capitals', 'AP_EDITION', 'CE', '"ce"'],
    ['an unknown edition', 'AP_EDITION', 'community', 'cloud'],
    ['a removed execution mode', 'AP_EXECUTION_MODE', 'SANDBOXED', 'SANDBOX_PROCESS'],
    ['a log level in capitals', 'AP_LOG_LEVEL', 'INFO', 'info'],
    ['a relative URL', 'AP_FRONTEND_URL', 'example.com', 'absolute URL'],
    ['a URL without scheme', 'AP_FRONTEND_URL', 'localhost:3000', 'absolute URL'],
    ['an origin with a path', 'AP_ALLOWED_EMBED_ORIGINS', 'https://a.example.com/app', 'origin'],
    ['a bad sender email', 'AP_SMTP_SENDER_EMAIL', 'nobody', 'email'],
  ])('%s', (_, name, text, reason) => {
    const error = configErrorOf({ [name]: text });
    expect(error.params.variable).toBe(name);
    expect(error.message).toContain(name);
    expect(error.message).toContain(text);
    expect(error.message).toContain(reason);
  });

  it.each([
    [
      'no PostgreSQL URL nor host',
      { AP_DB_TYPE: 'POSTGRES' },
      'AP_POSTGRES_URL',
      'AP_POSTGRES_URL is not set: it is required when AP_DB_TYPE is POSTGRES (or set AP_POSTGRES_HOST and AP_POSTGRES_DATABASE)',
    ],
    [
      'a PostgreSQL host without a database',
      { AP_DB_TYPE: 'POSTGRES', AP_POSTGRES_HOST: 'db' },
      'AP_POSTGRES_DATABASE',
      'AP_POSTGRES_DATABASE is not set: it is required with AP_POSTGRES_HOST when AP_POSTGRES_URL is not set',
    ],
  ])('names a required variable that is missing: %s', (_, env, variable, message) => {
    const error = configErrorOf(env);
    expect(error.params.variable).toBe(variable);
    expect(error.message).toBe(message);
  });

  it('rejects a PostgreSQL pool of no connections', () => {
    const error = configErrorOf({ AP_POSTGRES_POOL_SIZE: '0' });
    expect(error.params.variable).toBe('AP_POSTGRES_POOL_SIZE');
    expect(error.message).toContain('whole number at least 1');
  });

  it.each([
    ['AP_ENCRYPTION_KEY', 'not-hex-and-too-short'],
    ['AP_JWT_SECRET', 'short'],
    ['AP_POSTGRES_URL', 'p@ssw0rd-not-a-url'],
    ['AP_REDIS_URL', 'p@ssw0rd-not-a-url'],
  ])('never prints the value of the secret %s', (name, text) => {
    const error = configErrorOf({ [name]: text });
    expect(error.params.variable).toBe(name);
    expect(error.message).toContain(name);
    expect(error.message).toContain('<redacted>');
    expect(error.message).not.toContain(text);
    expect(JSON.stringify(error.toBody())).not.toContain(text);
  });
});

describe('Redis settings', () => {
  it('defaults to a standalone server on port 6379, database 0, no TLS', () => {
    expect(parseConfig({ AP_REDIS_HOST: 'redis' })).toMatchObject({
      redisType: 'STANDALONE',
      redisHost: 'redis',
      redisPort: 6379,
      redisDb: 0,
      redisUseSsl: false,
      redisSentinelHosts: [],
      redisSentinelRole: 'master',
    });
  });

  it('reads a Sentinel setup', () => {
    const config = parseConfig({
      AP_REDIS_TYPE: 'SENTINEL',
      AP_REDIS_SENTINEL_HOSTS: 'sentinel-1:26379, 10.0.0.2:26380',
      AP_REDIS_SENTINEL_NAME: 'mymaster',
      AP_REDIS_SENTINEL_ROLE: 'slave',
      AP_REDIS_PASSWORD: 'secret',
      AP_REDIS_DB: '2',
      AP_REDIS_USE_SSL: 'true',
    });
    expect(config).toMatchObject({
      redisSentinelHosts: [
        { host: 'sentinel-1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
      ],
      redisSentinelName: 'mymaster',
      redisSentinelRole: 'slave',
      redisPassword: 'secret',
      redisDb: 2,
      redisUseSsl: true,
    });
  });

  it.each([
    [
      'a Sentinel without a port',
      { AP_REDIS_SENTINEL_HOSTS: 'sentinel-1' },
      'AP_REDIS_SENTINEL_HOSTS',
      'host:port',
    ],
    [
      'a Sentinel port out of range',
      { AP_REDIS_SENTINEL_HOSTS: 'a:70000' },
      'AP_REDIS_SENTINEL_HOSTS',
      '1 to 65535',
    ],
    ['an unknown role', { AP_REDIS_SENTINEL_ROLE: 'replica' }, 'AP_REDIS_SENTINEL_ROLE', 'master'],
    ['a negative database', { AP_REDIS_DB: '-1' }, 'AP_REDIS_DB', 'at least 0'],
    [
      'SENTINEL without hosts',
      { AP_REDIS_TYPE: 'SENTINEL', AP_REDIS_SENTINEL_NAME: 'm' },
      'AP_REDIS_SENTINEL_HOSTS',
      'required',
    ],
    [
      'SENTINEL without a name',
      { AP_REDIS_TYPE: 'SENTINEL', AP_REDIS_SENTINEL_HOSTS: 'a:1' },
      'AP_REDIS_SENTINEL_NAME',
      'required',
    ],
  ])('rejects %s, naming the variable', (_, env, variable, reason) => {
    const error = configErrorOf(env);
    expect(error.params.variable).toBe(variable);
    expect(error.message).toContain(reason);
  });
});

describe('scale-out settings', () => {
  const scaleOut = {
    AP_DB_TYPE: 'POSTGRES',
    AP_POSTGRES_URL: 'postgres://db/p',
    AP_REDIS_URL: 'redis://r:6379',
  };

  it('takes APP and WORKER on PostgreSQL with Redis, a key prefix and a lease', () => {
    expect(
      parseConfig({
        ...scaleOut,
        AP_CONTAINER_TYPE: 'WORKER',
        AP_REDIS_KEY_PREFIX: 'acme',
        AP_WORKER_LEASE_SECONDS: '5',
      }),
    ).toMatchObject({ containerType: 'WORKER', redisKeyPrefix: 'acme', workerLeaseSeconds: 5 });
    expect(parseConfig({})).toMatchObject({ redisKeyPrefix: 'piecework', workerLeaseSeconds: 30 });
  });

  it.each([
    ['APP on SQLite', { AP_CONTAINER_TYPE: 'APP', AP_REDIS_URL: 'redis://r:6379' }],
    [
      'WORKER without Redis',
      { AP_CONTAINER_TYPE: 'WORKER', AP_DB_TYPE: 'POSTGRES', AP_POSTGRES_URL: 'postgres://db/p' },
    ],
  ])('refuses %s, naming AP_CONTAINER_TYPE and what it needs', (_, env) => {
    const error = configErrorOf(env);
    expect(error.params.variable).toBe('AP_CONTAINER_TYPE');
    expect(error.message).toContain('they need AP_DB_TYPE=POSTGRES and Redis');
  });

  it('refuses a key prefix Redis patterns would misread', () => {
    expect(configErrorOf({ AP_REDIS_KEY_PREFIX: 'a*b' }).params.variable).toBe('AP_REDIS_KEY_PREFIX');
  });
});

describe('AP_SSRF_ALLOW_LIST', () => {
  it.each([
    ['IPv4 address', '10.0.0.5', ['10.0.0.5']],
    ['IPv4 CIDR', '10.0.0.0/8', ['10.0.0.0/8']],
    ['IPv6 address', '::1', ['::1']],
    ['IPv6 CIDR', 'fd00::/8', ['fd00::/8']],
    [
      'mixed list with spaces',
      '127.0.0.1, 192.168.0.0/16 ,fe80::1',
      ['127.0.0.1', '192.168.0.0/16', 'fe80::1'],
    ],
    ['empty items dropped', '10.0.0.1,,', ['10.0.0.1']],
  ])('accepts %s', (_, text, expected) => {
    expect(parseConfig({ AP_SSRF_ALLOW_LIST: text }).ssrfAllowList).toEqual(expected);
  });

  it.each([
    ['a host name', 'localhost', 'localhost'],
    ['an IPv4 octet over 255', '10.0.0.1,300.1.1.1', '300.1.1.1'],
    ['an IPv4 prefix over 32', '10.0.0.0/33', '10.0.0.0/33'],
    ['an IPv6 prefix over 128', 'fd00::/129', 'fd00::/129'],
    ['an empty prefix', '10.0.0.0/', '10.0.0.0/'],
    ['a URL', 'http://10.0.0.1', 'http://10.0.0.1'],
  ])('rejects %s, naming the item', (_, text, item) => {
    const error = configErrorOf({ AP_SSRF_ALLOW_LIST: text });
    expect(error.params.variable).toBe('AP_SSRF_ALLOW_LIST');
    expect(error.message).toContain(`item "${item}"`);
    expect(error.message).toContain('IPv4 or IPv6');
  });
});

describe('AP_API_RATE_LIMIT_AUTHN_*', () => {
  it('reads the switch and the maximum', () => {
    const config = parseConfig({
      AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false',
      AP_API_RATE_LIMIT_AUTHN_MAX: '7',
    });
    expect(config.apiRateLimitAuthnEnabled).toBe(false);
    expect(config.apiRateLimitAuthnMax).toBe(7);
  });

  it.each([
    ['1 minute', 60_000],
    ['2 minutes', 120_000],
    ['30 seconds', 30_000],
    ['30s', 30_000],
    ['1.5 hours', 5_400_000],
    ['500ms', 500],
    ['1 day', 86_400_000],
    ['60000', 60_000],
  ])('reads the window %j as %d ms', (text, ms) => {
    expect(parseConfig({ AP_API_RATE_LIMIT_AUTHN_WINDOW: text }).apiRateLimitAuthnWindow).toBe(ms);
  });

  it.each([['a minute'], ['1 fortnight'], ['0'], ['-5 seconds'], ['1 minute 30 seconds']])(
    'refuses the window %j, naming the variable',
    (text) => {
      const error = configErrorOf({ AP_API_RATE_LIMIT_AUTHN_WINDOW: text });
      expect(error.params.variable).toBe('AP_API_RATE_LIMIT_AUTHN_WINDOW');
      expect(error.message).toContain("such as '1 minute'");
    },
  );

  it('refuses a maximum below 1', () => {
    expect(configErrorOf({ AP_API_RATE_LIMIT_AUTHN_MAX: '0' }).params.variable).toBe(
      'AP_API_RATE_LIMIT_AUTHN_MAX',
    );
  });
});

describe('CONFIG_VARIABLES', () => {
  it('lists every key of PieceworkConfig once, in order', () => {
    expect(CONFIG_VARIABLES.map((variable) => variable.key)).toEqual(Object.keys(PieceworkConfig.shape));
  });

  it.each(CONFIG_VARIABLES.map((variable) => [variable.name, variable] as const))(
    '%s: key is the camelCase of the name, described in one line',
    (name, variable) => {
      expect(name).toMatch(/^AP_[A-Z0-9_]+$/);
      expect(variable.key).toBe(configKey(name));
      expect(variable.description).toMatch(/^[^\n]{10,120}$/);
    },
  );

  it('carries the defaults of the schema', () => {
    const defaults = Object.fromEntries(
      CONFIG_VARIABLES.map((variable) => [variable.name, variable.default]),
    );
    expect(defaults).toMatchObject({ AP_PORT: 3000, AP_USE_CDN_FOR_BUNDLES: true, AP_SSRF_ALLOW_LIST: [] });
    expect(defaults.AP_POSTGRES_URL).toBeUndefined();
  });

  it('maps names to keys', () => {
    expect(configKey('AP_MAX_FLOW_RUN_LOG_SIZE_MB')).toBe('maxFlowRunLogSizeMb');
    expect(configKey('AP_SSRF_ALLOW_LIST')).toBe('ssrfAllowList');
  });

  it('knows none of the removed variables, and finds them in an environment', () => {
    const names = new Set(CONFIG_VARIABLES.map((variable) => variable.name));
    for (const removed of Object.keys(REMOVED_CONFIG_VARIABLES)) expect(names.has(removed)).toBe(false);
    expect(findRemovedConfigVariables({ AP_QUEUE_MODE: 'REDIS', AP_PORT: '1' })).toEqual(['AP_QUEUE_MODE']);
  });
});
