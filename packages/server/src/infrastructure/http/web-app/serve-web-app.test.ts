import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type PieceworkServer } from '../../../create-server';
import { WEB_APP_CSP } from './serve-web-app';

/** A built web app as Vite lays it out: index.html, hashed assets, a public file. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-web-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Piecework</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the web app served beside the API', () => {
  let server: PieceworkServer;
  let url: string;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'piecework-server-'));
    server = await createServer({
      env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'silent' },
      webApp: fakeBuild(),
      runs: { prestart: false },
    });
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  it.each(['/', '/flows', '/projects/abc/runs/def', '/sign-in?from=%2Fflows'])(
    'answers index.html for the app route %s, revalidated on each visit, with the CSP',
    async (path) => {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
      expect(await answer.text()).toContain('<div id="root">');
    },
  );

  it('serves hashed assets as immutable for a year, compressed when the browser accepts it', async () => {
    const plain = await fetch(`${url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await plain.text();
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        // fetch decodes bodies itself; read the bytes as sent with node:http.
        void import('node:http').then(({ get }) =>
          get(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
            );
          }).on('error', reject),
        );
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.bytes.length).toBeLessThan(body.length / 10);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(body);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(body);
  });

  it('answers 304 to a revalidation with the current ETag', async () => {
    const first = await fetch(`${url}/favicon.svg`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${url}/favicon.svg`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('keeps the API JSON 404 for unknown /api paths, and 404s a missing asset instead of sending HTML', async () => {
    const api = await fetch(`${url}/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'route' } });
    const asset = await fetch(`${url}/assets/index-old999.js`);
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toContain('application/json');
  });

  it.each(['/forms/abc', '/chats/abc?useDraft=true', '/forms'])(
    'lets any site frame the public page %s, which keeps the rest of the CSP',
    async (path) => {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status).toBe(200);
      const csp = answer.headers.get('content-security-policy');
      expect(csp).toContain('frame-ancestors *;');
      expect(csp).toBe(WEB_APP_CSP.replace("frame-ancestors 'self'", 'frame-ancestors *'));
      expect(answer.headers.get('x-frame-options')).toBeNull();
    },
  );

  it.each(['/formsx', '/flows/forms', '/chat/abc'])('keeps framing to this origin on %s', async (path) => {
    const answer = await fetch(`${url}${path}`);
    expect(answer.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
  });

  it('leaves the API answers as they were', async () => {
    const health = await fetch(`${url}/api/v1/health`);
    expect(await health.json()).toEqual({ status: 'OK' });
    expect(health.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
