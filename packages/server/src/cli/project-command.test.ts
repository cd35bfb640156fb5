/**
 * `piecework project pull|push` against a real server over loopback HTTP: a project with a code
 * step is pulled as files, the step's .ts file edited, the plan shown without changing anything,
 * then released with --yes. Pull runs as a child process once (the command users run); the rest
 * runs in this process (the same function the command runs), to keep the test fast.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { ProjectState } from '@piecework/shared';
import { code } from '../testing/features/flow-test-kit';
import { buildFlow, teamProject, versionRowsOf } from '../testing/features/release-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { runProjectCommand } from './project-command';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'piecework-project-cli-'));

let server: TestServer;
let user: TestUser;
let owner: PieceworkClient;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  owner = createPieceworkClient({ baseUrl: server.url, token: user.token });
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

/** `piecework project ...` as a child process, the server and key given by AP_API_URL / AP_API_KEY. */
function piecework(args: readonly string[]): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'project', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, AP_API_URL: server.apiUrl, AP_API_KEY: apiKey },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const exit = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        done({ code: exit, stdout, stderr });
      },
    );
  });
}

/** Runs the command in this process. */
async function inProcess(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const exit = await runProjectCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { AP_API_URL: server.apiUrl, AP_API_KEY: apiKey },
  });
  return { code: exit, out: out.join('\n'), err: err.join('\n') };
}

/** A team project with releases on and flow `orders`, published, whose step_1 returns 1. */
async function projectWithCodeStep(): Promise<string> {
  const projectId = await teamProject(server, user.token, true);
  await buildFlow(server, user.token, projectId, 'orders', [code('step_1', 'return 1;')]);
  return projectId;
}

/** The source of the first step of flow `externalId` in the project's state as it exports it. */
async function sourceOf(projectId: string, externalId: string): Promise<string> {
  const state: ProjectState = await owner.projectReleases.exportState({ projectId });
  const step = state.flows.find((flow) => flow.externalId === externalId)!.version.trigger.nextAction!;
  if (step.type !== 'CODE') throw new Error(`expected a CODE step, got ${step.type}`);
  return step.settings.sourceCode.code;
}

const releasesOf = async (projectId: string) => (await owner.projectReleases.list({ projectId })).data;

describe('piecework project', () => {
  it('pulls a code step as a file, plans its edit without applying it, then releases it', async () => {
    const projectId = await projectWithCodeStep();
    const dir = join(scratch, 'edit');

    const pulled = await piecework(['pull', dir, '--project', projectId]);
    expect(pulled).toMatchObject({ code: 0, stderr: '' });
    expect(pulled.stdout).toMatch(
      new RegExp(
        `^pulled project ${projectId} into .*edit: 1 flow, 0 tables, 0 connections \\(4 files written`,
      ),
    );
    const stepFile = join(dir, 'flows/orders/step_1.ts');
    expect(readFileSync(stepFile, 'utf8')).toBe('export const code = async (inputs) => { return 1; };');
    expect(JSON.parse(readFileSync(join(dir, 'piecework-project.json'), 'utf8'))).toEqual({
      formatVersion: 1,
    });

    writeFileSync(stepFile, 'export const code = async (inputs) => { return 2; };');
    const versions = await versionRowsOf(server, projectId);
    const planned = await inProcess(['push', dir, '--project', projectId]);
    expect(planned).toEqual({
      code: 0,
      out: [
        `plan for project ${projectId} from ${dir}:`,
        '  update flow orders ("Flow orders"): steps',
        'nothing applied: run again with --yes to release this plan',
      ].join('\n'),
      err: '',
    });
    expect(await versionRowsOf(server, projectId)).toEqual(versions);
    expect(await releasesOf(projectId)).toEqual([]);
    expect(await sourceOf(projectId, 'orders')).toBe('export const code = async (inputs) => { return 1; };');

    const applied = await inProcess(['push', dir, '--project', projectId, '--yes', '--name', 'Double it']);
    expect(applied.code).toBe(0);
    expect(applied.err).toBe('');
    const releaseId = /released "Double it" into project \w+ as release (\w+)$/.exec(applied.out)?.[1];
    expect(releaseId).toBeDefined();
    expect(await sourceOf(projectId, 'orders')).toBe('export const code = async (inputs) => { return 2; };');
    expect(await releasesOf(projectId)).toEqual([
      expect.objectContaining({ id: releaseId, name: 'Double it', type: 'FILE', projectId }),
    ]);

    const again = await inProcess(['push', dir, '--project', projectId, '--yes']);
    expect(again).toEqual({
      code: 0,
      out: `project ${projectId} already matches ${dir}: nothing to release`,
      err: '',
    });
    expect(await releasesOf(projectId)).toHaveLength(1);
    // The CLI process starts through tsx: it can take its exec limit on a crowded machine.
  }, 120_000);

  it('pull deletes the files of flows the project no longer has and leaves other files alone', async () => {
    const projectId = await projectWithCodeStep();
    const extra = await buildFlow(server, user.token, projectId, 'extra', [code('step_1', 'return 3;')]);
    const dir = join(scratch, 'prune');
    expect((await inProcess(['pull', dir, '--project', projectId])).code).toBe(0);
    expect(existsSync(join(dir, 'flows/extra/step_1.ts'))).toBe(true);
    writeFileSync(join(dir, 'README.md'), '# our automations');
    writeFileSync(join(dir, 'flows/orders/notes.md'), 'kept');

    await owner.flows.delete(extra.id);
    const pulled = await inProcess(['pull', dir, '--project', projectId]);
    expect(pulled.out).toMatch(
      /: 1 flow, 0 tables, 0 connections \(0 files written, 4 unchanged, 2 deleted\)$/,
    );
    expect(existsSync(join(dir, 'flows/extra.json'))).toBe(false);
    expect(existsSync(join(dir, 'flows/extra'))).toBe(false);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# our automations');
    expect(readFileSync(join(dir, 'flows/orders/notes.md'), 'utf8')).toBe('kept');
  });

  it.each([
    [
      'a flow file that is not JSON',
      'flows/orders.json',
      '{"externalId": ',
      /flows\/orders\.json is not JSON/,
    ],
    [
      'a code step whose file is gone',
      'flows/orders/step_1.ts',
      undefined,
      /\(MISSING_CODE_FILE\): flows\/orders\/step_1\.ts is missing: flows\/orders\.json refers to it/,
    ],
    [
      'an unknown format version',
      'piecework-project.json',
      '{"formatVersion": 9}',
      /\(UNKNOWN_FORMAT_VERSION\): piecework-project\.json: formatVersion 9 is not one this release reads/,
    ],
  ])('refuses %s with exit code 1 and the reason, applying nothing', async (_, path, text, message) => {
    const projectId = await projectWithCodeStep();
    const dir = join(scratch, `bad-${path.replace(/\W/g, '-')}`);
    expect((await inProcess(['pull', dir, '--project', projectId])).code).toBe(0);
    if (text === undefined) unlinkSync(join(dir, path));
    else writeFileSync(join(dir, path), text);
    const versions = await versionRowsOf(server, projectId);

    const ran = await inProcess(['push', dir, '--project', projectId, '--yes']);
    expect(ran.code).toBe(1);
    expect(ran.out).toBe('');
    expect(ran.err).toMatch(message);
    expect(await versionRowsOf(server, projectId)).toEqual(versions);
    expect(await releasesOf(projectId)).toEqual([]);
  });

  it('says what the server answered when it refuses', async () => {
    const projectId = await projectWithCodeStep();
    const dir = join(scratch, 'refused');
    expect((await inProcess(['pull', dir, '--project', projectId])).code).toBe(0);
    // The user's own project has releases off: the server refuses the plan.
    const refused = await inProcess(['push', dir, '--project', user.projectId!]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^the plan for project \w+ failed: the server answered 409 VALIDATION/);
    const unknown = await inProcess(['pull', join(scratch, 'unknown'), '--project', 'aaaaaaaaaaaaaaaaaaaaa']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^pull of project aaaaaaaaaaaaaaaaaaaaa failed: the server answered 404 /);
    expect(existsSync(join(scratch, 'unknown'))).toBe(false);
  });

  it.each([
    ['no subcommand', []],
    ['pull without --project', ['pull', 'dir']],
    ['push without a folder', ['push', '--project', 'p']],
    ['push with two folders', ['push', 'a', 'b', '--project', 'p']],
    ['an unknown subcommand', ['sync', 'dir', '--project', 'p']],
  ])('answers %s with the usage and exit code 2', async (_, args) => {
    const ran = await inProcess(args);
    expect(ran.code).toBe(2);
    expect(ran.err).toMatch(/^usage: piecework project /);
  });
});
