import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { findInstalledPiece, pieceInstallDir } from './pieces-directory';

const run = promisify(execFile);

/** What {@link installPiece} did. */
export interface InstalledPieceResult {
  name: string;
  version: string;
  moduleDir: string;
  /** False when that exact version was already installed. */
  installed: boolean;
}

/** Splits `name[@range]` (scoped names included) into its name and range (default `latest`). */
export function parsePieceSpec(spec: string): { name: string; range: string } {
  const at = spec.lastIndexOf('@');
  if (at > 0) return { name: spec.slice(0, at), range: spec.slice(at + 1) || 'latest' };
  return { name: spec, range: 'latest' };
}

/**
 * Installs a published piece package into the server's pieces directory: resolves the spec to
 * one exact version through the npm registry (`npm view`), then installs that version alone into
 * its own folder with `npm install --ignore-scripts` (piece packages need no install scripts, and
 * running them would run arbitrary code at install time). Bundles always come from the npm
 * registry the machine's npm is configured with: there is no CDN (AP_USE_CDN_FOR_BUNDLES has
 * nothing to reach), and private pieces come from wherever that registry configuration says.
 *
 * @throws Error naming the package when it or the version does not exist, or npm fails.
 */
export async function installPiece(spec: string, piecesDir: string): Promise<InstalledPieceResult> {
  const { name, range } = parsePieceSpec(spec);
  const version = await resolveExactVersion(name, range);
  const existing = findInstalledPiece(piecesDir, name, version);
  if (existing) return { name, version, moduleDir: existing, installed: false };
  const dir = pieceInstallDir(piecesDir, name, version);
  await mkdir(dir, { recursive: true });
  await writeFile(
    `${dir}/package.json`,
    JSON.stringify({ private: true, description: `${name}@${version} for Piecework` }),
  );
  try {
    await run(
      'npm',
      [
        'install',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--no-save',
        `${name}@${version}`,
      ],
      {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      `Installing ${name}@${version} failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`,
    );
  }
  const moduleDir = findInstalledPiece(piecesDir, name, version);
  if (!moduleDir) throw new Error(`Installing ${name}@${version} left no package in ${dir}`);
  return { name, version, moduleDir, installed: true };
}

/** The exact version a range resolves to in the registry (the highest match). */
async function resolveExactVersion(name: string, range: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await run('npm', ['view', `${name}@${range}`, 'version', '--json'], {
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    throw new Error(
      `Piece package ${name}@${range} was not found in the npm registry: ${(error as { stderr?: string }).stderr?.split('\n').find((line) => line.includes('ERR')) ?? String(error)}`,
    );
  }
  const parsed: unknown = stdout.trim() === '' ? undefined : JSON.parse(stdout);
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter(
    (value): value is string => typeof value === 'string',
  );
  const version = versions[versions.length - 1];
  if (!version) throw new Error(`No version of ${name} matches ${range}`);
  return version;
}
