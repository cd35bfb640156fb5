import { parseConfig } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { redisConnectionOptions } from './redis-connection-options';

const optionsOf = (env: Record<string, string>) => redisConnectionOptions(parseConfig(env));

describe('redisConnectionOptions', () => {
  it.each([
    [
      'a URL with credentials and a database',
      { AP_REDIS_URL: 'redis://user:p%40ss@cache:6380/3' },
      { host: 'cache', port: 6380, username: 'user', password: 'p@ss', db: 3 },
    ],
    ['a TLS URL', { AP_REDIS_URL: 'rediss://cache' }, { host: 'cache', port: 6379, tls: {} }],
    [
      'a URL over the separate variables',
      { AP_REDIS_URL: 'redis://cache', AP_REDIS_HOST: 'other', AP_REDIS_PASSWORD: 'pw', AP_REDIS_DB: '4' },
      { host: 'cache', password: 'pw', db: 4 },
    ],
    [
      'a host and port',
      { AP_REDIS_HOST: 'cache', AP_REDIS_PORT: '6390', AP_REDIS_USE_SSL: 'true' },
      { host: 'cache', port: 6390, db: 0, tls: {} },
    ],
    [
      'a Sentinel set',
      {
        AP_REDIS_TYPE: 'SENTINEL',
        AP_REDIS_SENTINEL_HOSTS: 's1:26379,s2:26380',
        AP_REDIS_SENTINEL_NAME: 'mymaster',
        AP_REDIS_PASSWORD: 'pw',
      },
      {
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26380 },
        ],
        name: 'mymaster',
        role: 'master',
        password: 'pw',
        sentinelPassword: 'pw',
      },
    ],
  ])('reads %s', (_, env, expected) => {
    const options = optionsOf(env);
    expect(options).toMatchObject(expected);
    expect(options.maxRetriesPerRequest).toBeNull();
  });

  it('names AP_REDIS_URL when no Redis is configured', () => {
    expect(() => optionsOf({})).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        params: expect.objectContaining({ variable: 'AP_REDIS_URL' }),
      }),
    );
  });
});
