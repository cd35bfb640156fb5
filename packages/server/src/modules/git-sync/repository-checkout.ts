/**
 * One git call session on a project's repository: checks its remote (`git-remote-target.ts`),
 * opens its sealed key into a throw-away workspace, runs the work, and keeps the host keys the
 * remote showed (first contact: accepted and remembered; later: they must match), even when the
 * work fails after connecting.
 */
import type { ServerContext } from '../../server-context';
import { gitRemoteTarget } from './git-remote-target';
import { updateKnownHosts } from './git-repo-repository';
import type { GitRepoRow } from './git-repo-view';
import { withGitWorkspace, type GitWorkspace } from './git-workspace';

/** What a checkout uses of the server context. */
export type CheckoutDependencies = Pick<ServerContext, 'store' | 'secrets' | 'settings'>;

/** Runs `work` on a workspace of `repo`'s branch (not fetched yet: `work` calls `fetchBranch`). */
export async function withRepositoryCheckout<T>(
  deps: CheckoutDependencies,
  repo: GitRepoRow,
  work: (workspace: GitWorkspace) => Promise<T>,
): Promise<T> {
  const target = await gitRemoteTarget(repo.remoteUrl, deps.settings);
  const options = {
    target,
    branch: repo.branch,
    privateKey: deps.secrets.open<string>(repo.sshPrivateKey),
    knownHosts: repo.knownHosts,
  };
  return withGitWorkspace(options, async (workspace) => {
    try {
      return await work(workspace);
    } finally {
      const knownHosts = await workspace.knownHosts();
      if (knownHosts !== repo.knownHosts) {
        await deps.store.write((trx) => updateKnownHosts(trx, repo.id, repo.remoteUrl, knownHosts));
      }
    }
  });
}
