/**
 * `piecework test <dir>` on a folder of project files written by the project-files codec, with
 * a tests file beside the flow: run in this process, no server; exit codes, the printed diff and
 * the JUnit report; a folder that is not project files exits 1 saying why.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectStateToFiles, type ProjectState } from '@piecework/shared';
import { code, flow } from '@piecework/shared/testing';
import { runTestCommand } from './test-command';

const scratch = mkdtempSync(join(tmpdir(), 'piecework-test-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const version = flow(code('double', 'return inputs.n * 2;', { n: "{{trigger['output'].n}}" }));
const state: ProjectState = {
  flows: [
    {
      externalId: 'doubler',
      published: false,
      status: 'DISABLED',
      version: { displayName: 'Doubler', trigger: version.trigger, schemaVersion: null, notes: [] },
    },
  ],
  connections: [],
  tables: [],
};

const testCase = (equals: number) => ({
  displayName: `doubles 21 to ${String(equals)}`,
  triggerOutput: { n: 21 },
  expectations: [{ type: 'STEP_OUTPUT', stepName: 'double', equals }],
});

/** A folder of `state`'s project files with `tests` as the doubler flow's tests file. */
function projectFolder(name: string, tests: unknown): string {
  const dir = join(scratch, name);
  const files = { ...projectStateToFiles(state), 'flows/doubler.tests.json': JSON.stringify(tests) };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function run(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const exit = await runTestCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: {},
  });
  return { exit, out: out.join('\n'), err: err.join('\n') };
}

describe('piecework test <dir>', () => {
  it('exits 0 when the flows of the folder pass their tests', async () => {
    const ran = await run([projectFolder('passing', [testCase(42)])]);
    expect(ran).toMatchObject({ exit: 0, err: '' });
    expect(ran.out).toMatch(/^PASS {2}Doubler > doubles 21 to 42 \(\d+ ms\)$/m);
  });

  it('exits 1 on a failed case, with its diff and a JUnit report', async () => {
    const junit = join(scratch, 'dir-report.xml');
    const ran = await run([projectFolder('failing', [testCase(42), testCase(40)]), '--junit', junit]);
    expect(ran.exit).toBe(1);
    expect(ran.out).toContain('FAIL  Doubler > doubles 21 to 40');
    expect(ran.out).toContain('        - 40\n        + 42');
    expect(ran.out).toContain('1 passed, 1 failed, 2 test cases in 1 flow');
    const report = readFileSync(junit, 'utf8');
    expect(report).toContain('<testsuite name="Doubler" id="doubler" tests="2" failures="1"');
  });

  it('exits 1 for a folder that is not project files, and 2 for --project with a folder', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const refused = await run([empty]);
    expect(refused.exit).toBe(1);
    expect(refused.err).toContain('piecework-project.json');
    expect((await run([projectFolder('project-flag', []), '--project', 'p'])).exit).toBe(2);
  });
});
