/**
 * `piecework test` against a real server over loopback: flow ids whose cases pass exit 0, a
 * failing case exits 1 with its diff printed and a JUnit report that parses back to the same
 * counts, a bad command line exits 2. One run goes through the real command (a child process).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { convert } from 'xmlbuilder2';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser } from '../testing/test-users';
import { addAfter, buildFlow, code } from '../testing/features/webhook-run-test-kit';
import { runTestCommand } from './test-command';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'piecework-test-cli-'));

let server: TestServer;
let owner: PieceworkClient;
let apiKey: string;
let projectId: string;
let passingFlow: string;
let failingFlow: string;

/** A flow doubling `n`, with a test case expecting `expected`. */
async function doublingFlow(token: string, name: string, expected: number): Promise<string> {
  const { flowId } = await buildFlow(server, token, projectId, [
    addAfter(code('double', 'return inputs.n * 2;', { n: "{{trigger['output'].body.n}}" }), 'trigger'),
  ]);
  await owner.flowTests.create(flowId, {
    displayName: name,
    triggerOutput: { body: { n: 21 } },
    expectations: [{ type: 'STEP_OUTPUT', stepName: 'double', equals: expected }],
  });
  return flowId;
}

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpTestUser(server);
  owner = createPieceworkClient({ baseUrl: server.url, token: user.token });
  projectId = user.projectId!;
  apiKey = (await owner.apiKeys.create({ displayName: 'CLI' })).value;
  passingFlow = await doublingFlow(user.token, 'doubles 21', 42);
  failingFlow = await doublingFlow(user.token, 'doubles 21 wrongly', 40);
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function inProcess(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTestCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { AP_API_URL: server.apiUrl, AP_API_KEY: apiKey },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('piecework test', () => {
  it('exits 0 when every case of the flows passes', async () => {
    const ran = await inProcess([passingFlow]);
    expect(ran).toMatchObject({ code: 0, err: '' });
    expect(ran.out).toMatch(/^PASS {2}Webhook flow > doubles 21 \(\d+ ms\)$/m);
    expect(ran.out).toContain('1 passed, 0 failed, 1 test cases in 1 flow');
  });

  it('exits 1 when a case fails, printing its diff and writing a JUnit report that parses back', async () => {
    const junit = join(scratch, 'report.xml');
    const ran = await inProcess([passingFlow, failingFlow, '--junit', junit]);
    expect(ran.code).toBe(1);
    expect(ran.out).toContain("Step double's output differs\n        - 40\n        + 42");
    expect(ran.out).toContain('1 passed, 1 failed, 2 test cases in 2 flows');
    const report = convert(readFileSync(junit, 'utf8'), { format: 'object' }) as unknown as {
      testsuites: {
        '@tests': string;
        '@failures': string;
        testsuite: {
          '@id': string;
          testcase: { '@name': string; failure?: { '@message': string; '#': string } };
        }[];
      };
    };
    expect(report.testsuites).toMatchObject({ '@tests': '2', '@failures': '1' });
    const [first, second] = report.testsuites.testsuite;
    expect(first).toMatchObject({ '@id': passingFlow, testcase: { '@name': 'doubles 21' } });
    expect(first!.testcase.failure).toBeUndefined();
    expect(second!.testcase.failure).toMatchObject({ '@message': "Step double's output differs" });
    expect(second!.testcase.failure!['#']).toContain('- 40\n+ 42');
  });

  it('tests every flow of a project with --project', async () => {
    const ran = await inProcess(['--project', projectId]);
    expect(ran.code).toBe(1);
    expect(ran.out).toContain('1 passed, 1 failed, 2 test cases in 2 flows');
  });

  it('exits 1 naming a flow it cannot test, and 2 on a command line it cannot use', async () => {
    const missing = await inProcess(['a'.repeat(21)]);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('ERROR');
    expect((await inProcess([])).code).toBe(2);
    expect((await inProcess([passingFlow, '--junit'])).code).toBe(2);
    expect((await inProcess([passingFlow, '--verbose'])).code).toBe(2);
  });

  it('runs as the piecework command, exiting 1 on a failed case', async () => {
    const ran = await new Promise<{ code: number | null; stdout: string }>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'test', failingFlow],
        {
          cwd: repoRoot,
          env: { ...process.env, AP_API_URL: server.apiUrl, AP_API_KEY: apiKey },
          timeout: 60_000,
        },
        (error, stdout) =>
          done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout }),
      );
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('FAIL  Webhook flow > doubles 21 wrongly');
  });
});
