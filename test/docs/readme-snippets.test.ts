/**
 * The README's examples, as written: the in-process engine block and the client block are cut out
 * of README.md, type-checked with the repository's settings and run, the engine one on a flow with
 * a code step and a built-in piece step, the client one against a real server on loopback. The
 * only things a test adds are the values the README leaves to the reader (`flowVersion`, `save`,
 * `apiKey`, `projectId`, `flowId`), read from `globalThis.readme`, and the server's address for
 * `http://localhost:3000`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient } from '@piecework/client';
import type { RunResult } from '@piecework/engine';
import type { FlowVersion } from '@piecework/shared';
import { code, flow, pieceAction } from '../../packages/shared/src/testing';
import { startTestServer, type TestServer } from '../../packages/server/src/testing/test-server';
import { onlyCodeBlock } from './markdown-blocks';
import { typeErrors } from './type-check';

const repoRoot = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const scratch = join(repoRoot, '.scratch', `readme-${String(process.pid)}`);

/** What the README's blocks read from `globalThis.readme`. */
interface ReadmeValues {
  flowVersion: FlowVersion;
  save: (stepName: string, record: unknown) => void;
  apiKey: string;
  projectId: string;
  flowId: string;
  logged: unknown[][];
}
const values = {} as ReadmeValues;
(globalThis as unknown as { readme: ReadmeValues }).readme = values;

const given = (names: string) =>
  `const { ${names} } = (globalThis as unknown as { readme: import('../../test/docs/readme-snippets.test').ReadmeValues }).readme;\n`;

const engineFile = join(scratch, 'engine.ts');
const clientFile = join(scratch, 'client.ts');
let server: TestServer;

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    engineFile,
    `${given('flowVersion, save')}${onlyCodeBlock(readme, '## Run a flow in-process (`@piecework/engine`)', 'ts')}\nexport { result };\n`,
  );
  server = await startTestServer();
  writeFileSync(
    clientFile,
    `${given('apiKey, projectId, flowId, logged')}const console = { log: (...args: unknown[]) => logged.push(args) };\n${onlyCodeBlock(
      readme,
      '## Client',
      'ts',
    ).replaceAll('http://localhost:3000', server.url)}\nexport { flow, found };\n`,
  );
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await server?.close();
});

describe('the README', () => {
  it('type-checks its engine and client examples', () => {
    expect(typeErrors([engineFile, clientFile])).toEqual([]);
  }, 120_000);

  it('runs its engine example on a flow with a code step and a built-in piece step', async () => {
    const saved: string[] = [];
    values.save = (stepName) => saved.push(stepName);
    values.flowVersion = flow(
      code('step_1', "return { greeting: 'Hello' };"),
      pieceAction('step_2', '@activepieces/piece-text-helper', '0.4.2', 'concat', {
        texts: ["{{step_1['output'].greeting}}", "{{trigger['output'].body.name}}"],
        seperator: ' ',
      }),
    );
    const { result } = (await import(engineFile)) as { result: RunResult };
    expect(result).toMatchObject({ status: 'SUCCEEDED', steps: { step_2: { output: 'Hello Ada' } } });
    // the README's testStep ran step_2 again, on its sample data
    expect(saved).toEqual(['step_1', 'step_2', 'step_2']);
  });

  it('runs its client example against a real server', async () => {
    const anonymous = createPieceworkClient({ baseUrl: server.url });
    const user = await anonymous.authentication.signUp({
      email: 'readme@example.com',
      password: 'a long enough password',
      firstName: 'Read',
      lastName: 'Me',
    });
    const admin = anonymous.withToken(user.token);
    values.apiKey = (await admin.apiKeys.create({ displayName: 'README' })).value;
    values.projectId = String(user.projectId);
    values.flowId = (await admin.flows.create({ projectId: values.projectId, displayName: 'Existing' })).id;
    values.logged = [];

    const { flow: created, found } = (await import(clientFile)) as {
      flow: { id: string };
      found: { id: string } | null;
    };
    expect(found?.id).toBe(values.flowId);
    expect((await admin.flows.get(created.id)).version.displayName).toBe('Welcome');
    expect(values.logged.map(([id]) => id).sort()).toEqual([created.id, values.flowId].sort());
  });
});

export type { ReadmeValues };
