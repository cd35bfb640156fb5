import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';
import { EMBED_ORIGINS_TTL_MS, EmbedOriginsCache } from './embed-origins-cache';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await signUpTestUser(server);
});
afterAll(() => server.close());

describe('EmbedOriginsCache', () => {
  it('reuses the list for its lifetime, reads again after it or when invalidated', async () => {
    const { db } = server.server.context.store;
    let now = 1_000;
    const cache = new EmbedOriginsCache(db, { configured: ['https://env.example'], nowMs: () => now });
    const setOrigins = (origins: string[]) =>
      server.server.context.store.write((trx) =>
        trx
          .updateTable('platform')
          .set({ allowedEmbedOrigins: JSON.stringify(origins) })
          .execute(),
      );
    await setOrigins(['https://a.example', 'https://ENV.example']);
    expect(await cache.allowed()).toEqual(['https://env.example', 'https://a.example']);

    await setOrigins(['https://b.example']);
    now += EMBED_ORIGINS_TTL_MS - 1;
    expect(await cache.allowed()).toEqual(['https://env.example', 'https://a.example']);
    now += 1;
    expect(await cache.allowed()).toEqual(['https://env.example', 'https://b.example']);

    await setOrigins([]);
    cache.invalidate();
    expect(await cache.allowed()).toEqual(['https://env.example']);
  });
});
