import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { findInstalledPiece, pieceInstallDir } from './pieces-directory';

const run = promisify(execFile);

/** Why {@link installPiece} failed: each is the caller's problem except `INSTALL_FAILED`. */
export type PieceInstallFailure =
  'PACKAGE_NOT_FOUND' | 'VERSION_NOT_FOUND' | 'NOT_A_PIECE' | 'INSTALL_FAILED';

/**
 * The error {@link installPiece} throws; `reason` says whose fault it is (an unknown package or
 * version, a package that is not a piece, or npm itself failing). Nothing is left installed.
 */
export class PieceInstallError extends Error {
  override readonly name = 'PieceInstallError';
  constructor(
    readonly reason: PieceInstallFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Options of {@link installPiece}. */
export interface InstallPieceOptions {
  /**
   * Checks the installed package is a loadable piece (e.g. loads its metadata); when it throws,
   * the version's folder is removed and the install fails with `NOT_A_PIECE`. Default: no check.
   */
  verify?: (name: string, version: string) => Promise<void>;
}

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
 * Installs a published piece package into the server's pieces directory: resolves the package spec to
 * one exact version through the npm registry (`npm view`), then installs that version alone into
 * its own folder with `npm install --ignore-scripts` (piece packages need no install scripts, and
 * running them would run arbitrary code at install time). Bundles always come from the npm
 * registry the machine's npm is configured with: there is no CDN (AP_USE_CDN_FOR_BUNDLES has
 * nothing to reach), and private pieces come from wherever that registry configuration says.
 *
 * @throws PieceInstallError naming the package when it or the version does not exist, when it is
 * not a piece (`options.verify` failed), or when npm fails; the version's folder is then removed.
 */
export async function installPiece(
  spec: string,
  piecesDir: string,
  options: InstallPieceOptions = {},
): Promise<InstalledPieceResult> {
  const { name, range } = parsePieceSpec(spec);
  const version = await resolveExactVersion(name, range);
  return installInto(piecesDir, name, version, `${name}@${version}`, options);
}

/**
 * Installs a packed private piece (the `.tgz` of `npm pack`, Activepieces' ARCHIVE package type)
 * as `name@version` in the pieces directory; the archive is kept in the version's folder. Its
 * dependencies come from the npm registry, install scripts are not run.
 *
 * @throws PieceInstallError `NOT_A_PIECE` when the archive is not `name` at `version` or does not
 * load as a piece, `INSTALL_FAILED` when npm fails; the version's folder is then removed.
 */
export async function installPieceArchive(
  archive: Uint8Array,
  name: string,
  version: string,
  piecesDir: string,
  options: InstallPieceOptions = {},
): Promise<InstalledPieceResult> {
  return installInto(piecesDir, name, version, `./${ARCHIVE_FILE}`, options, archive);
}

/** The name of the archive kept in the folder of a version installed from one. */
const ARCHIVE_FILE = 'piece.tgz';

async function installInto(
  piecesDir: string,
  name: string,
  version: string,
  npmSpec: string,
  options: InstallPieceOptions,
  archive?: Uint8Array,
): Promise<InstalledPieceResult> {
  const existing = findInstalledPiece(piecesDir, name, version);
  if (existing) return { name, version, moduleDir: existing, installed: false };
  const dir = pieceInstallDir(piecesDir, name, version);
  await mkdir(dir, { recursive: true });
  await writeFile(
    `${dir}/package.json`,
    JSON.stringify({ private: true, description: `${name}@${version} for Piecework` }),
  );
  if (archive !== undefined) await writeFile(`${dir}/${ARCHIVE_FILE}`, archive);
  const fail = async (reason: PieceInstallFailure, message: string): Promise<never> => {
    await rm(dir, { recursive: true, force: true });
    throw new PieceInstallError(reason, message);
  };
  try {
    await run(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--omit=dev', '--no-save', npmSpec],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim() || String(error);
    return fail(
      archive !== undefined && /TAR_BAD_ARCHIVE|invalid tar|EBADTAR|zlib/i.test(stderr)
        ? 'NOT_A_PIECE'
        : 'INSTALL_FAILED',
      `Installing ${name}@${version} failed: ${stderr}`,
    );
  }
  const moduleDir = findInstalledPiece(piecesDir, name, version);
  if (!moduleDir) {
    return archive !== undefined
      ? fail('NOT_A_PIECE', `The archive is not the package ${name} at version ${version}`)
      : fail('INSTALL_FAILED', `Installing ${name}@${version} left no package in ${dir}`);
  }
  if (options.verify) {
    try {
      await options.verify(name, version);
    } catch (error) {
      return fail(
        'NOT_A_PIECE',
        `${name}@${version} is not a piece: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { name, version, moduleDir, installed: true };
}

/**
 * Removes an installed npm piece version from a pieces directory.
 *
 * @returns false when that version was not installed (nothing changed).
 */
export async function removePiece(piecesDir: string, name: string, version: string): Promise<boolean> {
  if (!findInstalledPiece(piecesDir, name, version)) return false;
  await rm(pieceInstallDir(piecesDir, name, version), { recursive: true, force: true });
  return true;
}

/** The exact version a range resolves to in the registry (the highest match). */
async function resolveExactVersion(name: string, range: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await run('npm', ['view', `${name}@${range}`, 'version', '--json'], {
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    const noVersion = /No match found for version/i.test(stderr);
    const missing = /\bE404\b|404 Not Found/.test(stderr);
    const reason = noVersion ? 'VERSION_NOT_FOUND' : missing ? 'PACKAGE_NOT_FOUND' : 'INSTALL_FAILED';
    const detail = stderr.split('\n').find((line) => /ERR/i.test(line)) ?? String(error);
    throw new PieceInstallError(
      reason,
      reason === 'VERSION_NOT_FOUND'
        ? `No version of ${name} matches ${range} in the npm registry`
        : reason === 'PACKAGE_NOT_FOUND'
          ? `Piece package ${name}@${range} was not found in the npm registry`
          : `Looking up ${name}@${range} in the npm registry failed: ${detail}`,
    );
  }
  const parsed: unknown = stdout.trim() === '' ? undefined : JSON.parse(stdout);
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter(
    (value): value is string => typeof value === 'string',
  );
  const version = versions[versions.length - 1];
  if (!version) throw new PieceInstallError('VERSION_NOT_FOUND', `No version of ${name} matches ${range}`);
  return version;
}
