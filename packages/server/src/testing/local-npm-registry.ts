/**
 * A minimal npm registry on loopback for install tests, so they never depend on the public
 * registry: it serves the packuments and tarballs (`npm pack` of fixture piece folders) it was
 * given, and 404 for every other package. Point npm at it with `npm_config_registry`.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One package version the registry serves: a folder to pack, under a name and version. */
export interface RegistryPackage {
  name: string;
  version: string;
  /** The package folder; its manifest's name and version are replaced by the two above. */
  folder: string;
}

/** A started {@link startLocalNpmRegistry}. */
export interface LocalNpmRegistry {
  /** `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** How many tarballs were downloaded (a failed install may still have fetched one). */
  readonly tarballRequests: number;
  /** How many package documents (packuments) were asked for, including 404s. */
  readonly packumentRequests: number;
  /**
   * What the registry did, in order: `asked <name>` for each packument request, `sent <file>` when
   * a tarball's bytes went out (after {@link holdTarballs} released it).
   */
  readonly history: readonly string[];
  /**
   * Holds every tarball download (begun now or later) until the returned function is called:
   * for tests of what happens while an install is under way.
   */
  holdTarballs(): () => void;
  close(): Promise<void>;
}

/** Packs `packages` with `npm pack` and serves them. */
export async function startLocalNpmRegistry(packages: readonly RegistryPackage[]): Promise<LocalNpmRegistry> {
  const workDir = await mkdtemp(join(tmpdir(), 'piecework-registry-'));
  const tarballs = new Map<string, Buffer>();
  const packuments = new Map<string, { versions: Record<string, unknown>; latest: string }>();
  let tarballRequests = 0;
  let packumentRequests = 0;
  let held: Promise<void> | undefined;
  const history: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!.slice(1));
    const tarball = tarballs.get(path);
    if (tarball) {
      tarballRequests += 1;
      const send = () => {
        history.push(`sent ${path.slice('tarballs/'.length)}`);
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball);
      };
      if (held) void held.then(send);
      else send();
      return;
    }
    packumentRequests += 1;
    history.push(`asked ${path}`);
    const packument = packuments.get(path);
    if (!packument) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: path,
        'dist-tags': { latest: packument.latest },
        versions: packument.versions,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
  for (const [index, pkg] of packages.entries()) {
    const source = join(workDir, `src-${String(index)}`);
    await cp(pkg.folder, source, { recursive: true });
    const manifestPath = join(source, 'package.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
    const packed = { ...manifest, name: pkg.name, version: pkg.version };
    await writeFile(manifestPath, JSON.stringify(packed));
    const { stdout } = await run('npm', ['pack', source, '--pack-destination', workDir, '--json'], {
      cwd: workDir,
    });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    const bytes = await readFile(join(workDir, filename));
    const tarballPath = `tarballs/${filename}`;
    tarballs.set(tarballPath, bytes);
    const entry = packuments.get(pkg.name) ?? { versions: {}, latest: pkg.version };
    entry.versions[pkg.version] = {
      ...packed,
      dist: {
        tarball: `${url}${tarballPath}`,
        shasum: createHash('sha1').update(bytes).digest('hex'),
        integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      },
    };
    entry.latest = pkg.version;
    packuments.set(pkg.name, entry);
  }
  return {
    url,
    get tarballRequests() {
      return tarballRequests;
    },
    get packumentRequests() {
      return packumentRequests;
    },
    history,
    holdTarballs() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
