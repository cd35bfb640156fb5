/**
 * `npx piecework ...` from a clone of the repository, as a newcomer types it: npm finds the root
 * package's `bin` (the launcher `bin/piecework.mjs`), which runs the built command, or its sources
 * before a build. Real processes; no network (npx resolves the local package).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const serverVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/server/package.json'), 'utf8')) as { version: string }
).version;
const configPath = mkdtempSync(join(tmpdir(), 'piecework-npx-'));
afterAll(() => rmSync(configPath, { recursive: true, force: true }));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function npxPiecework(args: readonly string[]): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      'npx',
      ['--no-install', 'piecework', ...args],
      { cwd: repoRoot, env: { ...process.env, AP_CONFIG_PATH: configPath }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        done({ code, stdout, stderr });
      },
    );
  });
}

describe('npx piecework in the repository', () => {
  it.each([
    ['--help', ['--help'], /^usage: piecework start/],
    ['--version', ['--version'], new RegExp(`^piecework ${serverVersion.replaceAll('.', '\\.')}\\n$`)],
    ['pieces list', ['pieces', 'list'], /^@activepieces\/piece-webhook@[\d.]+ \(built in\)$/m],
  ])('%s answers on stdout with exit code 0', async (_, args, expected) => {
    const ran = await npxPiecework(args);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(expected);
  });

  it('refuses an unknown command with the usage on stderr and exit code 2', async () => {
    const ran = await npxPiecework(['frobnicate']);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^usage: piecework start/);
  });
});
