/**
 * docs/quickstart.md, run as written against a real server on loopback: every `sh` block's
 * commands in order (the test server stands in for `npx piecework start`, and `$PW` is its
 * address), and every `json` block checked against the answer of the command before it (the
 * answer contains it). A command that fails (not 2xx) fails the test, naming it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../packages/server/src/testing/test-server';
import { runShBlock, type CurlShell } from './curl-script';
import { codeBlocks } from './markdown-blocks';

const repoRoot = resolve(import.meta.dirname, '../..');
const quickstart = readFileSync(join(repoRoot, 'docs/quickstart.md'), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('docs/quickstart.md', () => {
  it('builds, publishes and fires its webhook flow, and every answer it shows is what the server answers', async () => {
    const shell: CurlShell = { vars: {} };
    const checked: string[] = [];
    // The last `sh` block when it only reads (no -X, no body): the run's end is written just
    // after the synchronous caller's answer, so a read of the run may be asked again until then.
    let lastRead: string | undefined;
    for (const block of codeBlocks(quickstart)) {
      if (block.lang === 'sh') {
        if (block.code.trim() === 'npx piecework start') continue; // the test server is started
        const code = block.code.replace(/^export PW=.*$/m, `export PW=${server.url}`);
        for (const answer of await runShBlock(code, shell)) {
          expect({ status: answer.status, body: answer.status < 300 ? 'ok' : answer.body }).toEqual({
            status: expect.any(Number),
            body: 'ok',
          });
        }
        lastRead = /\s(-X|--data-binary)\s/.test(code) ? undefined : code;
      } else if (block.lang === 'json') {
        const expected = JSON.parse(block.code) as object;
        const read = lastRead;
        if (read === undefined) expect(shell.last?.body).toMatchObject(expected);
        else
          await expect
            .poll(
              async () => {
                await runShBlock(read, shell);
                return shell.last?.body;
              },
              { timeout: 5_000 },
            )
            .toMatchObject(expected);
        checked.push(block.code);
      } else {
        throw new Error(`a ${block.lang || 'plain'} block this test does not run`);
      }
    }
    expect(checked).toHaveLength(3);
    expect(Object.keys(shell.vars).sort()).toEqual(['FLOW', 'PROJECT', 'PW', 'RUN', 'TOKEN']);
  });

  it('names, in its first step, the address the server answers at by default', () => {
    expect(quickstart).toContain('`http://127.0.0.1:3000` by default');
  });
});
