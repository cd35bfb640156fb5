/**
 * Helpers of the git sync tests: a bare repository in a temporary folder (what a git host keeps),
 * reading a branch's project files from it, committing to it from a clone as another person would,
 * and the git-repo calls as one user.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { GitPushResult, GitRepo, Page } from '@piecework/shared';
import { callApi } from '../call-api';
import type { ApiServer } from '../test-server';

/** Git as a person at a terminal runs it in these tests: no user configuration, a fixed identity. */
export function git(args: readonly string[], cwd?: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'],
      HOME: tmpdir(),
      LANG: 'C',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Remote Person',
      GIT_AUTHOR_EMAIL: 'remote@example.com',
      GIT_COMMITTER_NAME: 'Remote Person',
      GIT_COMMITTER_EMAIL: 'remote@example.com',
    },
  });
}

/** A bare repository on disk, removed by `remove()`. */
export interface BareRepository {
  readonly path: string;
  /** `file://` + path. */
  readonly url: string;
  /** Runs git in the bare repository. */
  git(args: readonly string[]): string;
  /** The branch's files under `projects/<slug>/`, by path relative to that folder. */
  projectFiles(branch: string, slug: string): Record<string, string>;
  /**
   * Clones `branch` (a new branch when there is none), lets `edit` change the files of
   * `projects/<slug>/` (answering the new set), commits that as "Remote Person" and pushes it.
   */
  commit(
    branch: string,
    slug: string,
    message: string,
    edit: (files: Record<string, string>) => Record<string, string>,
  ): void;
  remove(): void;
}

/** Makes an empty bare repository (`git init --bare`). */
export function bareRepository(): BareRepository {
  const path = mkdtempSync(join(tmpdir(), 'piecework-bare-'));
  git(['init', '--quiet', '--bare', path]);
  const self: BareRepository = {
    path,
    url: `file://${path}`,
    git: (args) => git(args, path),
    projectFiles(branch, slug) {
      const prefix = `projects/${slug}/`;
      const files: Record<string, string> = {};
      const names = self.git(['ls-tree', '-r', '--name-only', branch, '--', prefix]).split('\n');
      for (const name of names.filter((line) => line !== '')) {
        files[name.slice(prefix.length)] = self.git(['show', `${branch}:${name}`]);
      }
      return files;
    },
    commit(branch, slug, message, edit) {
      const clone = mkdtempSync(join(tmpdir(), 'piecework-clone-'));
      try {
        git(['clone', '--quiet', self.url, clone]);
        if (git(['ls-remote', '--heads', 'origin', branch], clone).trim() === '') {
          git(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], clone);
        } else {
          git(['checkout', '--quiet', '-B', branch, `origin/${branch}`], clone);
        }
        const folder = join(clone, 'projects', slug);
        const next = edit(readTree(folder));
        rmSync(folder, { recursive: true, force: true });
        for (const [file, text] of Object.entries(next)) {
          mkdirSync(dirname(join(folder, file)), { recursive: true });
          writeFileSync(join(folder, file), text);
        }
        git(['add', '--all'], clone);
        git(['commit', '--quiet', '-m', message], clone);
        git(['push', '--quiet', 'origin', branch], clone);
      } finally {
        rmSync(clone, { recursive: true, force: true });
      }
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
  return self;
}

/** Every file under `folder`, by path relative to it (none when it does not exist). */
function readTree(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(folder, path)] = readFileSync(path, 'utf8');
    }
  };
  try {
    walk(folder);
  } catch {
    return {};
  }
  return files;
}

/** The git-repo calls as the user (or API key) with `token`. */
export function gitReposApi(server: ApiServer, token: string) {
  return {
    configure: (body: Record<string, unknown>) =>
      callApi<GitRepo>(server.apiUrl, 'POST', '/v1/git-repos', { token, body }),
    list: (projectId: string) =>
      callApi<Page<GitRepo>>(server.apiUrl, 'GET', '/v1/git-repos', { token, query: { projectId } }),
    push: (id: string, body: Record<string, unknown>) =>
      callApi<GitPushResult>(server.apiUrl, 'POST', `/v1/git-repos/${id}/push`, { token, body }),
    delete: (id: string) => callApi<undefined>(server.apiUrl, 'DELETE', `/v1/git-repos/${id}`, { token }),
  };
}
