import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_PIECES } from '../builtin';
import { findInstalledPiece, pieceInstallDir } from '../catalogue/pieces-directory';
import { runPiecesCommand } from './pieces-command';

/** Installs a real (small, bundled) piece from the npm registry into a throw-away directory. */
describe('piecework pieces', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function command(args: string[], configPath?: string) {
    if (configPath === undefined) {
      configPath = await mkdtemp(join(tmpdir(), 'piecework-cli-'));
      dirs.push(configPath);
    }
    const out: string[] = [];
    const err: string[] = [];
    const code = await runPiecesCommand(args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: { AP_CONFIG_PATH: configPath },
    });
    return { code, out, err, piecesDir: join(configPath, 'pieces') };
  }

  it('add pins a range to one exact version and installs it in its own folder', async () => {
    const { code, out, piecesDir } = await command(['add', '@activepieces/piece-store@^0.6.0']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^installed @activepieces\/piece-store@0\.6\.\d+ in /);
    const version = out[0]!.match(/@(\d+\.\d+\.\d+)/)![1]!;
    expect(findInstalledPiece(piecesDir, '@activepieces/piece-store', version)).toBeDefined();
  }, 120_000);

  it('add of a package that does not exist fails clearly and installs nothing', async () => {
    const { code, err } = await command(['add', '@activepieces/piece-does-not-exist-here@1.0.0']);
    expect(code).toBe(1);
    expect(err[0]).toMatch(/@activepieces\/piece-does-not-exist-here@1\.0\.0 was not found/);
  }, 60_000);

  it('list names every built-in piece (marked built in) as well as the installed npm pieces', async () => {
    const configPath = await mkdtemp(join(tmpdir(), 'piecework-cli-'));
    dirs.push(configPath);
    const builtins = BUILTIN_PIECES.map((piece) => `${piece.name}@${piece.version} (built in)`);
    const before = await command(['list'], configPath);
    expect(before.code).toBe(0);
    expect(before.out).toEqual([...builtins, `no npm pieces installed in ${join(configPath, 'pieces')}`]);

    // An installed version as `pieces add` leaves it: <piecesDir>/<name>@<version>/node_modules/<name>.
    const name = '@activepieces/piece-example';
    const moduleDir = join(pieceInstallDir(join(configPath, 'pieces'), name, '1.2.3'), 'node_modules', name);
    await mkdir(moduleDir, { recursive: true });
    await writeFile(join(moduleDir, 'package.json'), JSON.stringify({ name, version: '1.2.3' }));
    const after = await command(['list'], configPath);
    expect(after.out).toEqual([...builtins, `${name}@1.2.3`]);
  });

  it('refuses unknown sub-commands with the usage', async () => {
    const { code, err } = await command(['remove', 'x']);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/usage: piecework pieces add/);
  });
});
