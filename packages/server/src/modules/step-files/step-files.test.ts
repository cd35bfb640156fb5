/**
 * Files between steps, through a real server: an npm piece (a stand-in of
 * @activepieces/piece-image-helper, `testing/piece-image-helper`, run in a piece process) writes a
 * file with `ctx.files.write` and answers the signed URL; the next step's FILE prop reads it from
 * the store — on a server without AP_SSRF_ALLOW_LIST, so an HTTP download of the loopback URL
 * would be refused. The same URL downloads over HTTP from the running server; an altered, foreign
 * or expired token is refused there (404, 410) and in a run (the step fails saying why); a step
 * of another project cannot read the file; other URLs still go through the SSRF filter.
 */
import { cp, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRun, StepRequest } from '@piecework/shared';
import { pieceInstallDir } from '@piecework/pieces';
import { callApi } from '../../testing/call-api';
import { freePort } from '../../testing/server-process';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { flowsApi } from '../../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  chainOf,
  jsonBody,
  waitForRun,
} from '../../testing/features/webhook-run-test-kit';
import { StepFileTokens } from './step-file-tokens';

const PIECE = '@fixtures/piece-image-helper';
const FIXTURE_DIR = fileURLToPath(new URL('./testing/piece-image-helper/', import.meta.url));

/** The fixture's PNG writer. */
const { solidPng } = createRequire(import.meta.url)(join(FIXTURE_DIR, 'index.js')) as {
  solidPng: (width: number, height: number, rgb: [number, number, number]) => Buffer;
};

/** Installs the fixture piece into `piecesDir` as `piecework pieces add` would. */
async function placeImageHelper(piecesDir: string): Promise<void> {
  const target = join(pieceInstallDir(piecesDir, PIECE, '1.0.0'), 'node_modules', PIECE);
  await mkdir(dirname(target), { recursive: true });
  await cp(FIXTURE_DIR, target, { recursive: true });
}

function helperStep(name: string, actionName: string, input: Record<string, unknown>): StepRequest {
  return {
    name,
    displayName: `${actionName} ${name}`,
    type: 'PIECE',
    valid: true,
    settings: { pieceName: PIECE, pieceVersion: '1.0.0', actionName, propertySettings: {}, input },
  };
}

/** The size and first pixel of an 8-bit RGB PNG. */
function pngFacts(png: Buffer): { width: number; height: number; rgb: number[] } {
  const idat: Buffer[] = [];
  let offset = 8;
  let width = 0;
  let height = 0;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, rgb: [raw[1]!, raw[2]!, raw[3]!] };
}

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  const port = await freePort();
  // No AP_SSRF_ALLOW_LIST: loopback downloads are refused, as by default.
  server = await startTestServer({ AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}` }, { port });
  await placeImageHelper(server.server.context.settings.piecesDir);
  owner = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
}, 60_000);
afterAll(() => server.close());

/** Runs a published webhook flow of `user` made of `steps` with `body`; answers the finished run. */
async function runFlow(user: TestUser, body: unknown, ...steps: StepRequest[]): Promise<FlowRun> {
  const { flowId } = await buildFlow(server, user.token, user.projectId!, chainOf(...steps));
  const answer = await callWebhook(server, flowId, '', jsonBody(body));
  expect(answer.status).toBe(200);
  return waitForRun(server, user.token, answer.headers.get('x-webhook-id') ?? '');
}

function outputOf(run: FlowRun, step: string): unknown {
  return (run.steps as Record<string, { output?: unknown }>)[step]?.output;
}

function errorOf(run: FlowRun, step: string): string {
  return String((run.steps as Record<string, { errorMessage?: unknown }>)[step]?.errorMessage);
}

/** A URL of `text` written as `fileName` by a run of `user`. */
async function writtenFile(user: TestUser, fileName: string, text: string): Promise<string> {
  const run = await runFlow(user, {}, helperStep('step_1', 'write_text', { fileName, text }));
  expect(run.status).toBe('SUCCEEDED');
  return outputOf(run, 'step_1') as string;
}

/** Runs read_text on `url` in a flow of `user`. */
const readInRun = (user: TestUser, url: string) =>
  runFlow(user, {}, helperStep('step_1', 'read_text', { file: url }));

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
const download = (token: string) =>
  fetch(`${server.apiUrl}/v1/step-files/signed?token=${encodeURIComponent(token)}`);

describe('files between steps', () => {
  it('resize_image -> image_to_base64 succeeds: the second step reads the file the first wrote', async () => {
    const original = solidPng(2, 2, [200, 10, 30]);
    const run = await runFlow(
      owner,
      { image: `data:image/png;base64,${original.toString('base64')}` },
      helperStep('step_1', 'resize_image', {
        image: "{{trigger['output']['body'].image}}",
        width: 4,
        height: 3,
      }),
      helperStep('step_2', 'image_to_base64', { image: "{{step_1['output']}}" }),
    );
    expect({ status: run.status, failed: run.steps }).toMatchObject({ status: 'SUCCEEDED' });
    const url = outputOf(run, 'step_1') as string;
    expect(url).toMatch(
      new RegExp(
        `^${server.url.replace(/[.]/g, '\\.')}/api/v1/step-files/signed\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`,
      ),
    );
    const dataUrl = outputOf(run, 'step_2') as string;
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(pngFacts(Buffer.from(dataUrl.split(',')[1]!, 'base64'))).toEqual({
      width: 4,
      height: 3,
      rgb: [200, 10, 30],
    });
    const rows = await server.server.context.store.db
      .selectFrom('file')
      .select(['type', 'projectId'])
      .where('type', '=', 'FLOW_STEP_FILE')
      .where('projectId', '=', owner.projectId!)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    // 60 s: the first npm piece step starts the piece process.
  }, 60_000);

  it('serves the signed URL over real HTTP with the file name and content type', async () => {
    const run = await runFlow(
      owner,
      { image: `data:image/png;base64,${solidPng(1, 1, [1, 2, 3]).toString('base64')}` },
      helperStep('step_1', 'resize_image', {
        image: "{{trigger['output']['body'].image}}",
        width: 5,
        height: 2,
      }),
    );
    const url = outputOf(run, 'step_1') as string;
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="image.png"; filename*=UTF-8''image.png`,
    );
    expect(pngFacts(Buffer.from(await answer.arrayBuffer()))).toEqual({
      width: 5,
      height: 2,
      rgb: [1, 2, 3],
    });
  });

  it('keeps the name and bytes of any file, read back in a later run of the project', async () => {
    const url = await writtenFile(owner, 'résumé 2026.txt', 'Grüße\n');
    const answer = await fetch(url);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ 2026.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%202026.txt`,
    );
    expect(await answer.text()).toBe('Grüße\n');
    const run = await readInRun(owner, url);
    expect(outputOf(run, 'step_1')).toEqual({
      filename: 'résumé 2026.txt',
      extension: 'txt',
      text: 'Grüße\n',
    });
  });

  it('refuses an altered, foreign, expired or missing token over HTTP', async () => {
    const token = tokenOf(await writtenFile(owner, 'a.txt', 'a'));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const altered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const foreign = await new StepFileTokens(new TextEncoder().encode('another server')).issue({
      fileId: 'a'.repeat(21),
      projectId: owner.projectId!,
    });
    for (const bad of [altered, foreign, 'not-a-jwt']) {
      const answer = await download(bad);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({
        code: 'ENTITY_NOT_FOUND',
        params: { entityType: 'stepFile', message: expect.stringMatching(/link is not valid/) },
      });
    }
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; pid: string };
    const tokens = new StepFileTokens(server.server.context.settings.jwtSecret, () => 1_000_000);
    const expired = await tokens.issue({ fileId: claims.sub, projectId: claims.pid }, 60);
    const gone = await download(expired);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entityType: 'stepFile', expiredAt: '1970-01-12T13:47:40.000Z' },
    });
    const missing = await fetch(`${server.apiUrl}/v1/step-files/signed`);
    expect(missing.status).toBe(400);
  });

  it('fails a step given an altered or expired step-file URL, saying why', async () => {
    const url = await writtenFile(owner, 'b.txt', 'b');
    const token = tokenOf(url);
    const altered = url.replace(token, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    const alteredRun = await readInRun(owner, altered);
    expect(alteredRun.status).toBe('FAILED');
    expect(errorOf(alteredRun, 'step_1')).toMatch(
      /Reading the step file at .* failed: The step file link is not valid/,
    );
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      pid: string;
    };
    const expiredToken = await new StepFileTokens(
      server.server.context.settings.jwtSecret,
      () => 1_000_000,
    ).issue({ fileId: claims.sub, projectId: claims.pid }, 60);
    const expiredRun = await readInRun(owner, url.replace(token, expiredToken));
    expect(expiredRun.status).toBe('FAILED');
    expect(errorOf(expiredRun, 'step_1')).toMatch(
      /failed: The step file link expired at 1970-01-12T13:47:40/,
    );
  });

  it("refuses a step of another project the project's file", async () => {
    const url = await writtenFile(owner, 'secret.txt', 'only for the owner');
    const run = await readInRun(stranger, url);
    expect(run.status).toBe('FAILED');
    expect(errorOf(run, 'step_1')).toMatch(/failed: The file belongs to another project/);
    expect(errorOf(run, 'step_1')).not.toContain('only for the owner');
  });

  it('downloads other URLs through the SSRF filter, as before (the same server by another name too)', async () => {
    const url = await writtenFile(owner, 'c.txt', 'c');
    const otherName = url.replace('://127.0.0.1:', '://localhost:');
    const run = await readInRun(owner, otherName);
    expect(run.status).toBe('FAILED');
    expect(errorOf(run, 'step_1')).toMatch(/Downloading the file at .* failed: Request to .* blocked/);
  });

  it('deletes step files with their flow', async () => {
    const run = await runFlow(
      owner,
      {},
      helperStep('step_1', 'write_text', { fileName: 'd.txt', text: 'd' }),
    );
    const url = outputOf(run, 'step_1') as string;
    expect((await fetch(url)).status).toBe(200);
    const deleted = await flowsApi(server, owner.token).delete(run.flowId);
    expect(deleted.status).toBe(204);
    const answer = await fetch(url);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entityType: 'stepFile' },
    });
  });

  it('answers GET /v1/step-files/signed without a session (public endpoint)', async () => {
    const url = await writtenFile(owner, 'e.txt', 'e');
    const answer = await callApi(server.apiUrl, 'GET', '/v1/step-files/signed', {
      query: { token: tokenOf(url) },
    });
    expect(answer.status).toBe(200);
  });
});
