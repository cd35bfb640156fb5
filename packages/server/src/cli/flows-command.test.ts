/**
 * `piecework flows import|export` against a real server over loopback HTTP: the command runs as a
 * child process (from sources, as `npx piecework` does before a build) with an API key, imports a
 * real Activepieces export and exports it as Activepieces' template; that is imported again
 * (in this process, to keep the test fast: the same function the command runs).
 * Failures (refused files, a server that is not there, a refused key) say why and exit non-zero
 * without leaving half-imported flows.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { FlowTemplate, getAllSteps, type Trigger } from '@piecework/shared';
import { freePort } from '../testing/server-process';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser } from '../testing/test-users';
import { runFlowsCommand } from './flows-command';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const FIXTURE = join(
  repoRoot,
  'packages/shared/src/flows/import/fixtures/ap-skill-webhook-router-http-populated.json',
);
const scratch = mkdtempSync(join(tmpdir(), 'piecework-flows-cli-'));

let server: TestServer;
let owner: PieceworkClient;
let apiKey: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpTestUser(server);
  owner = createPieceworkClient({ baseUrl: server.url, token: user.token });
  projectId = user.projectId!;
  apiKey = (await owner.apiKeys.create({ displayName: 'CLI' })).value;
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `piecework flows ...` as a child process, the server and key given by AP_API_URL / AP_API_KEY. */
function piecework(args: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'flows', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, AP_API_URL: server.apiUrl, AP_API_KEY: apiKey, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the command in this process (for the failure cases: no server start-up per case). */
async function inProcess(args: readonly string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFlowsCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { AP_API_URL: server.apiUrl, AP_API_KEY: apiKey, ...env },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The steps of a version as the user sees them: names, types, pieces, inputs (no timestamps). */
function stepsOf(trigger: Trigger) {
  return getAllSteps(trigger).map((step) => ({
    name: step.name,
    type: step.type,
    displayName: step.displayName,
    settings: { ...step.settings, sampleData: undefined },
  }));
}

const importedId = (stdout: string): string => /as flow ([0-9a-zA-Z]{21}) /.exec(stdout)![1]!;

describe('piecework flows', () => {
  it('imports an Activepieces export, exports it as a template, and imports that back unchanged', async () => {
    const first = await piecework(['import', FIXTURE, '--project', projectId]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^imported ".+" as flow [0-9a-zA-Z]{21} in project /);
    const original = await owner.flows.get(importedId(first.stdout));

    const exported = await piecework(['export', original.id]);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    const template = FlowTemplate.parse(JSON.parse(exported.stdout));
    expect(template).toMatchObject({
      name: original.version.displayName,
      type: 'SHARED',
      status: 'PUBLISHED',
      metadata: { externalId: original.externalId },
    });
    expect(template.flows).toHaveLength(1);
    expect(template.pieces).toEqual(
      expect.arrayContaining(['@activepieces/piece-webhook', '@activepieces/piece-http']),
    );

    const file = join(scratch, 'exported.json');
    writeFileSync(file, exported.stdout);
    const second = await inProcess(['import', file, '--project', projectId]);
    expect(second).toMatchObject({ code: 0, err: '' });
    const copy = await owner.flows.get(importedId(second.out));
    expect(copy.id).not.toBe(original.id);
    expect(copy.version.displayName).toBe(original.version.displayName);
    expect(copy.version.valid).toBe(original.version.valid);
    expect(stepsOf(copy.version.trigger)).toEqual(stepsOf(original.version.trigger));
    // Two CLI processes start through tsx: each can take its exec limit on a crowded machine.
  }, 120_000);

  it('writes the export to --output, with the flags instead of the environment', async () => {
    const created = await owner.flows.create({ displayName: 'Nightly', projectId });
    const output = join(scratch, 'nightly.json');
    const ran = await inProcess(
      ['export', created.id, '--output', output, '--api-url', server.apiUrl, '--api-key', apiKey],
      { AP_API_URL: undefined, AP_API_KEY: undefined },
    );
    expect(ran).toEqual({ code: 0, out: `exported flow ${created.id} to ${output}`, err: '' });
    const template = FlowTemplate.parse(JSON.parse(readFileSync(output, 'utf8')));
    expect(template.flows[0]!.displayName).toBe('Nightly');
  });

  it('drops sample data and connection references from an export', async () => {
    const created = await owner.flows.create({ displayName: 'Signed in', projectId });
    await owner.flows.update(created.id, {
      type: 'UPDATE_TRIGGER',
      request: {
        name: 'trigger',
        type: 'PIECE_TRIGGER',
        valid: true,
        displayName: 'Catch Webhook',
        settings: {
          pieceName: '@activepieces/piece-webhook',
          pieceVersion: '0.1.0',
          triggerName: 'catch_webhook',
          input: { authType: 'none', auth: "{{connections['bank']}}" },
          propertySettings: {},
        },
      },
    });
    await owner.flows.update(created.id, {
      type: 'SAVE_SAMPLE_DATA',
      request: { stepName: 'trigger', payload: { secret: 'sample' }, type: 'OUTPUT' },
    });
    const template = await owner.flows.getTemplate(created.id);
    const trigger = template.flows[0]!.trigger;
    expect(trigger.settings).not.toHaveProperty('sampleData');
    expect((trigger.settings as { input: Record<string, unknown> }).input).toEqual({ authType: 'none' });
    expect(template.flows[0]!.connectionIds).toEqual([]);
  });

  it.each([
    [
      'a file that does not exist',
      () => ['import', join(scratch, 'missing.json'), '--project', projectId],
      /cannot read .*missing\.json: ENOENT/,
    ],
    [
      'a file that is not JSON',
      () => ['import', writeScratch('broken.json', '{"trigger": '), '--project', projectId],
      /broken\.json is not JSON/,
    ],
    [
      'a 2022 engine export',
      () => [
        'import',
        join(repoRoot, 'packages/shared/src/flows/import/fixtures/ap-2022-engine-flow-with-error.json'),
        '--project',
        projectId,
      ],
      /cannot be imported: FORMAT_2022: /,
    ],
    [
      'a project of another platform',
      () => ['import', FIXTURE, '--project', 'aaaaaaaaaaaaaaaaaaaaa'],
      /the server answered 404 ENTITY_NOT_FOUND/,
    ],
    [
      'a flow that does not exist',
      () => ['export', 'aaaaaaaaaaaaaaaaaaaaa'],
      /export of flow aaaaaaaaaaaaaaaaaaaaa failed: the server answered 404 ENTITY_NOT_FOUND/,
    ],
  ])('refuses %s with a message and exit code 1, importing nothing', async (_, args, message) => {
    const before = (await owner.flows.list({ projectId, limit: 100 })).data.length;
    const ran = await inProcess(args());
    expect(ran.code).toBe(1);
    expect(ran.out).toBe('');
    expect(ran.err).toMatch(message);
    expect((await owner.flows.list({ projectId, limit: 100 })).data).toHaveLength(before);
  });

  it('says so when the API key is refused or the server is not there', async () => {
    const refused = await inProcess(['export', 'aaaaaaaaaaaaaaaaaaaaa'], { AP_API_KEY: 'sk-not-a-key' });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/the server answered 401 /);
    const port = await freePort();
    const absent = await inProcess(['export', 'aaaaaaaaaaaaaaaaaaaaa'], {
      AP_API_URL: undefined,
      AP_PORT: String(port),
    });
    expect(absent.code).toBe(1);
    expect(absent.err).toContain(`could not reach the server at http://127.0.0.1:${String(port)}/api`);
  });

  it.each([
    ['no subcommand', []],
    ['import without --project', ['import', 'flow.json']],
    ['export without a flow id', ['export']],
    ['a flag without its value', ['export', 'x', '--output']],
    ['an API URL that is not http', ['export', 'x', '--api-url', 'ftp://example.com/api']],
  ])('answers %s with the usage and exit code 2', async (_, args) => {
    const ran = await inProcess(args);
    expect(ran.code).toBe(2);
    expect(ran.err.length).toBeGreaterThan(10);
  });
});

function writeScratch(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}
