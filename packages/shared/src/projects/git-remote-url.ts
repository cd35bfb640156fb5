/**
 * The git remotes git sync accepts, read strictly: `ssh://[user@]host[:port]/path`, the scp-like
 * `user@host:path` (GitHub's `git@github.com:org/repo.git`), and `file:///path` (a repository on
 * the server's own disk, which the server refuses unless AP_GIT_SYNC_ALLOW_FILE_URLS is on). Hosts
 * are names, IPv4 addresses or bracketed IPv6 addresses; user names, hosts and path segments never
 * start with `-`, so no part can read as a command-line option of `git` or `ssh`, and paths hold
 * no `..` segment, space, quote or other character a shell or git would treat specially.
 */

/** A remote reached over SSH. `scpLike`: written `user@host:path` (the path is relative to the user's home). */
export interface SshGitRemote {
  readonly kind: 'ssh';
  readonly user: string | null;
  /** A host name, an IPv4 address, or an IPv6 address without its brackets. */
  readonly host: string;
  readonly port: number | null;
  readonly path: string;
  readonly scpLike: boolean;
}

/** A repository on the server's disk (`file:///srv/git/flows.git`): tests and single-machine setups. */
export interface FileGitRemote {
  readonly kind: 'file';
  /** The absolute path. */
  readonly path: string;
}

/** A parsed git remote. */
export type GitRemote = SshGitRemote | FileGitRemote;

const USER = '[A-Za-z0-9_][A-Za-z0-9._-]{0,63}';
const HOST_NAME = '[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?';
const IPV6 = '\\[[0-9A-Fa-f:.]{2,45}\\]';
const HOST = `(?:${HOST_NAME}|${IPV6})`;
const SEGMENT = '[A-Za-z0-9_~][A-Za-z0-9._~-]{0,127}';
const RELATIVE_PATH = `${SEGMENT}(?:/${SEGMENT})*/?`;

const SSH_URL = new RegExp(`^ssh://(?:(${USER})@)?(${HOST})(?::([0-9]{1,5}))?/(${RELATIVE_PATH})$`);
const SCP_LIKE = new RegExp(`^(${USER})@(${HOST}):(${RELATIVE_PATH})$`);
const FILE_URL = new RegExp(`^file:///(${RELATIVE_PATH})$`);

/**
 * Reads `text` as a remote git sync accepts, or answers null. Use it to validate a remote URL
 * before storing it, and on the server to find the host to check before connecting.
 *
 * @example parseGitRemoteUrl('git@github.com:acme/flows.git') // {kind: 'ssh', user: 'git', host: 'github.com', path: 'acme/flows.git', scpLike: true, port: null}
 */
export function parseGitRemoteUrl(text: string): GitRemote | null {
  if (text.length > 500) return null;
  const ssh = SSH_URL.exec(text);
  if (ssh !== null) {
    const port = ssh[3] === undefined ? null : Number(ssh[3]);
    if (port !== null && (port < 1 || port > 65535)) return null;
    return sshRemote(ssh[1] ?? null, ssh[2]!, port, `/${ssh[4]!}`, false);
  }
  const scp = SCP_LIKE.exec(text);
  if (scp !== null) return sshRemote(scp[1]!, scp[2]!, null, scp[3]!, true);
  const file = FILE_URL.exec(text);
  if (file !== null) return safePath(file[1]!) ? { kind: 'file', path: `/${file[1]!}` } : null;
  return null;
}

function sshRemote(
  user: string | null,
  host: string,
  port: number | null,
  path: string,
  scpLike: boolean,
): SshGitRemote | null {
  if (!safePath(path)) return null;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (host.startsWith('[') && !bare.includes(':')) return null;
  return { kind: 'ssh', user, host: bare, port, path, scpLike };
}

/** No `..` segment (a segment of dots only would climb out of where the remote keeps repositories). */
function safePath(path: string): boolean {
  return path.split('/').every((segment) => !/^\.+$/.test(segment));
}

/**
 * Whether `branch` is a branch name git sync accepts: segments of letters, digits, `.`, `_` and
 * `-` separated by `/`, none starting with `.` or `-` or ending with `.lock` or `.`, no `..`, at
 * most 200 characters. Stricter than git's own rules, so the name is always safe on a command line.
 */
export function isGitBranchName(branch: string): boolean {
  if (branch.length === 0 || branch.length > 200 || branch.includes('..')) return false;
  return branch
    .split('/')
    .every(
      (segment) =>
        /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(segment) && !segment.endsWith('.lock') && !segment.endsWith('.'),
    );
}

/**
 * The pattern of a project's slug in a repository (`projects/<slug>/`): lowercase letters,
 * digits, `-` and `_`, starting with a letter or a digit, at most 64 characters.
 */
export const GIT_SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
