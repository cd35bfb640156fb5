/**
 * A throw-away git checkout of one branch, for one push or one pull: a temporary folder holding
 * the SSH key (mode 0600), the repository's known_hosts, an empty HOME and the working tree, all
 * removed by {@link withGitWorkspace} whatever happens. Git runs with no user or system
 * configuration, no prompts, only the protocols allowed (`ssh`, and `file` when the remote is a
 * `file://` one the settings allow), English messages and a time limit on every call.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitCommandError, runGit } from './git-command';
import { gitFailureOf } from './git-failure';
import type { GitRemoteTarget } from './git-remote-target';

/** What a workspace needs: where to connect, with which key, and the host keys seen before. */
export interface GitWorkspaceOptions {
  readonly target: GitRemoteTarget;
  readonly branch: string;
  readonly privateKey: string;
  readonly knownHosts: string;
  /** Time limit of each call that talks to the remote (default 60 s). */
  readonly remoteTimeoutMs?: number | undefined;
}

/** Who a commit is by: its author and committer. */
export interface GitAuthor {
  readonly name: string;
  readonly email: string;
}

/** Time limit of each git call that only works on the local checkout. */
const LOCAL_TIMEOUT_MS = 30_000;
const REMOTE_TIMEOUT_MS = 60_000;

/** The checkout; get one from {@link withGitWorkspace}. */
export class GitWorkspace {
  /** The working tree: the branch's files once {@link fetchBranch} found it. */
  readonly tree: string;
  private readonly keyFile: string;
  private readonly knownHostsFile: string;

  private constructor(
    private readonly root: string,
    private readonly options: GitWorkspaceOptions,
  ) {
    this.tree = join(root, 'tree');
    this.keyFile = join(root, 'key');
    this.knownHostsFile = join(root, 'known_hosts');
  }

  /** Makes the folder, the key and known_hosts files and an empty repository whose origin is the target. */
  static async create(options: GitWorkspaceOptions): Promise<GitWorkspace> {
    const root = await mkdtemp(join(tmpdir(), 'piecework-git-'));
    const workspace = new GitWorkspace(root, options);
    try {
      await writeFile(workspace.keyFile, options.privateKey, { mode: 0o600 });
      await writeFile(workspace.knownHostsFile, options.knownHosts, { mode: 0o600 });
      await workspace.git(['init', '--quiet', workspace.tree], root);
      await workspace.git(['remote', 'add', 'origin', options.target.url]);
      return workspace;
    } catch (error) {
      await workspace.remove();
      throw error;
    }
  }

  /**
   * Fetches the branch's last commit and checks it out; answers false (an empty branch checked
   * out, to make its first commit on) when the remote has no such branch.
   */
  async fetchBranch(): Promise<boolean> {
    const ref = `refs/heads/${this.options.branch}`;
    const heads = await this.remote(['ls-remote', '--heads', 'origin', ref]);
    if (heads.trim() === '') {
      await this.git(['symbolic-ref', 'HEAD', ref]);
      return false;
    }
    await this.remote([
      'fetch',
      '--quiet',
      '--no-tags',
      '--depth=1',
      'origin',
      `+${ref}:refs/remotes/origin/branch`,
    ]);
    await this.git(['checkout', '--quiet', '-B', this.options.branch, 'refs/remotes/origin/branch']);
    return true;
  }

  /**
   * Commits every change of the tree (only what the caller wrote: the checkout is fresh) as
   * `author` with `message` and pushes it to the branch (never forced); answers the commit id, or
   * null when nothing changed.
   */
  async commitAndPush(message: string, author: GitAuthor): Promise<string | null> {
    await this.git(['add', '--all']);
    const status = await this.git(['status', '--porcelain']);
    if (status.trim() === '') return null;
    await this.git(['commit', '--quiet', '--no-verify', '-m', message], this.tree, {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    });
    const commitId = (await this.git(['rev-parse', 'HEAD'])).trim();
    await this.remote(['push', '--quiet', '--no-verify', 'origin', `HEAD:refs/heads/${this.options.branch}`]);
    return commitId;
  }

  /** The known_hosts text after the calls so far (with the remote's key once first seen). */
  async knownHosts(): Promise<string> {
    return readFile(this.knownHostsFile, 'utf8');
  }

  /** Removes the folder and everything in it. */
  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }

  /** A git call that talks to the remote. */
  private remote(args: readonly string[]): Promise<string> {
    return this.git(args, this.tree, {}, this.options.remoteTimeoutMs ?? REMOTE_TIMEOUT_MS);
  }

  /** A git call in the tree; a failure becomes GIT_SYNC_FAILED. */
  private async git(
    args: readonly string[],
    cwd = this.tree,
    extraEnv: Record<string, string> = {},
    timeoutMs = LOCAL_TIMEOUT_MS,
  ): Promise<string> {
    try {
      return await runGit([...this.protocolOptions(), ...args], {
        cwd,
        env: { ...this.environment(), ...extraEnv },
        timeoutMs,
      });
    } catch (error) {
      if (error instanceof GitCommandError) throw gitFailureOf(error);
      throw error;
    }
  }

  /** `-c` options allowing only the protocols this remote needs. */
  private protocolOptions(): string[] {
    const allowed = this.options.target.protocol === 'file' ? ['ssh', 'file'] : ['ssh'];
    return [
      '-c',
      'protocol.allow=never',
      ...allowed.flatMap((protocol) => ['-c', `protocol.${protocol}.allow=always`]),
      '-c',
      'init.defaultBranch=main',
      '-c',
      'commit.gpgSign=false',
    ];
  }

  /** Git's environment: nothing of the server's own but PATH. */
  private environment(): NodeJS.ProcessEnv {
    return {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: this.root,
      LANG: 'C',
      LC_ALL: 'C',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      GIT_ASKPASS: '/bin/false',
      SSH_ASKPASS: '/bin/false',
      GIT_SSH_COMMAND: this.sshCommand(),
    };
  }

  /**
   * The ssh command git runs (through `sh`, as GIT_SSH_COMMAND always is; each part one word):
   * only this key, this repository's known_hosts, new hosts accepted and remembered, changed ones
   * refused, never a prompt, no agent, no user configuration.
   */
  private sshCommand(): string {
    const alias = this.options.target.hostKeyAlias;
    const args = [
      'ssh',
      '-F',
      '/dev/null',
      '-i',
      this.keyFile,
      '-o',
      'IdentitiesOnly=yes',
      '-o',
      'IdentityAgent=none',
      '-o',
      `UserKnownHostsFile=${this.knownHostsFile}`,
      '-o',
      'GlobalKnownHostsFile=/dev/null',
      '-o',
      'StrictHostKeyChecking=accept-new',
      '-o',
      'BatchMode=yes',
      '-o',
      'ConnectTimeout=15',
      ...(alias === null ? [] : ['-o', `HostKeyAlias=${alias}`]),
    ];
    return args.map(shellQuoted).join(' ');
  }
}

/**
 * `text` as one word for `sh`: as it is when it holds only characters `sh` reads plainly (so that
 * git recognises the program as OpenSSH by its name), else in single quotes.
 */
function shellQuoted(text: string): string {
  if (/^[A-Za-z0-9_/.=:@%+,-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Runs `work` in a new {@link GitWorkspace}, and removes the workspace after, whatever happens. */
export async function withGitWorkspace<T>(
  options: GitWorkspaceOptions,
  work: (workspace: GitWorkspace) => Promise<T>,
): Promise<T> {
  const workspace = await GitWorkspace.create(options);
  try {
    return await work(workspace);
  } finally {
    await workspace.remove();
  }
}
