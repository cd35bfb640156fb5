/**
 * A stand-in git host over SSH: OpenSSH's `sshd` on a free loopback port, run by the test as the
 * current user with its own configuration and host key in a temporary folder (no PAM, no
 * password, only the public keys given), so that git sync's SSH path runs for real. Needs
 * `/usr/sbin/sshd` (Debian's openssh-server); check {@link SSHD_PATH} and skip without it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Where Debian's openssh-server puts the daemon. */
export const SSHD_PATH = '/usr/sbin/sshd';

/** A running sshd. */
export interface LocalSshServer {
  readonly port: number;
  /** The user to log in as (the one running the tests). */
  readonly user: string;
  /** `ssh://<user>@127.0.0.1:<port><path>`. */
  urlOf(path: string): string;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Options of {@link startLocalSshServer}. */
export interface LocalSshServerOptions {
  /** The OpenSSH public keys allowed to log in. */
  authorizedKeys: readonly string[];
  /** Listen on this port (a restart on the same address); default a free one. */
  port?: number;
}

/** Starts sshd (see the module comment); resolves once it listens. */
export async function startLocalSshServer(options: LocalSshServerOptions): Promise<LocalSshServer> {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-sshd-'));
  // sshd run as root checks for its privilege separation folder even with a private configuration.
  if (process.getuid?.() === 0 && !existsSync('/run/sshd'))
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  writeFileSync(join(dir, 'authorized_keys'), `${options.authorizedKeys.join('\n')}\n`, { mode: 0o600 });
  const port = options.port ?? (await freePort());
  const user = userInfo().username;
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${String(port)}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AllowUsers ${user}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'LogLevel INFO',
      '',
    ].join('\n'),
  );
  const child = spawn(SSHD_PATH, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await listening(child);
  return {
    port,
    user,
    urlOf: (path) => `ssh://${user}@127.0.0.1:${String(port)}${path}`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when sshd says it listens; rejects with its messages when it exits first. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Server listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`sshd exited (${String(code)}): ${output}`)));
    child.once('error', reject);
  });
}

/** A loopback port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
