/**
 * Git sync: connect a project to a branch of a git repository (one per project; configuring again
 * replaces it), list and disconnect it, and push the project's flows or tables to it as one
 * commit made as the caller. Pulling is a project release of type GIT (`read-git-state.ts`).
 * The private key is sealed by the secret box and never answered; without one in the request
 * the server makes a deploy key, kept across re-configurations, whose public half is answered.
 */
import {
  generateId,
  parseGitRemoteUrl,
  projectStateToFiles,
  type ConfigureRepoRequest,
  type GitPushResult,
  type GitRepo,
  type Page,
  type PushGitRepoRequest,
} from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { ReleaseService } from '../project-releases/release-service';
import { branchStateOf } from './branch-state';
import { generateDeployKey } from './deploy-key';
import { assertFileUrlsAllowed } from './git-remote-target';
import {
  deleteGitRepoRow,
  insertGitRepo,
  listProjectGitRepos,
  selectGitRepo,
  selectProjectGitRepo,
  selectUserName,
  updateGitRepo,
} from './git-repo-repository';
import { gitRepoView } from './git-repo-view';
import type { GitAuthor } from './git-workspace';
import { readProjectFolder, writeProjectFolder } from './project-folder';
import { pushedState } from './push-plan';
import { withRepositoryCheckout } from './repository-checkout';

/** What configuring, listing and disconnecting use of the server context. */
export type GitRepoDependencies = Pick<ServerContext, 'store' | 'now' | 'secrets' | 'settings'>;

/**
 * Connects `project` to the request's branch, replacing its connection if it has one. A remote
 * whose URL changed forgets the host keys seen before. Nothing is sent to the remote yet: a
 * server-made key must first be added to the repository's deploy keys.
 */
export async function configureGitRepo(
  deps: GitRepoDependencies,
  project: ProjectRow,
  request: ConfigureRepoRequest,
): Promise<GitRepo> {
  if (parseGitRemoteUrl(request.remoteUrl)?.kind === 'file') assertFileUrlsAllowed(deps.settings);
  const row = await deps.store.write(async (trx) => {
    const existing = await selectProjectGitRepo(trx, project.id);
    const key = keyOf(deps, request, existing?.sshPublicKey === null ? undefined : existing);
    const now = deps.now();
    const values = {
      remoteUrl: request.remoteUrl,
      branch: request.branch,
      branchType: request.branchType,
      slug: request.slug,
      sshPrivateKey: key.sealed,
      sshPublicKey: key.publicKey,
      knownHosts: existing?.remoteUrl === request.remoteUrl ? existing.knownHosts : '',
      updated: now,
    };
    if (existing !== undefined) return updateGitRepo(trx, existing.id, values);
    return insertGitRepo(trx, {
      ...values,
      id: generateId(),
      projectId: project.id,
      platformId: project.platformId,
      created: now,
    });
  });
  return gitRepoView(row);
}

/** The key to keep: the request's, the server-made one of `existing`, or a new server-made one. */
function keyOf(
  deps: Pick<ServerContext, 'secrets'>,
  request: ConfigureRepoRequest,
  existing: { sshPrivateKey: string; sshPublicKey: string | null } | undefined,
): { sealed: string; publicKey: string | null } {
  if (request.sshPrivateKey !== undefined) {
    return { sealed: deps.secrets.seal(request.sshPrivateKey), publicKey: null };
  }
  if (existing !== undefined) return { sealed: existing.sshPrivateKey, publicKey: existing.sshPublicKey };
  const made = generateDeployKey(`piecework-git-sync-${request.slug}`);
  return { sealed: deps.secrets.seal(made.privateKey), publicKey: made.publicKey };
}

/** A page of `project`'s repositories: its one connection, or none. */
export async function listGitRepos(
  deps: GitRepoDependencies,
  project: ProjectRow,
  page: PageRequest,
): Promise<Page<GitRepo>> {
  return mapPage(await listProjectGitRepos(deps.store.db, project.id, page), gitRepoView);
}

/** Disconnects `project` from repository `id` (404 when it is not the project's); the repository is untouched. */
export async function deleteGitRepo(
  deps: GitRepoDependencies,
  project: ProjectRow,
  id: string,
): Promise<void> {
  const deleted = await deps.store.write((trx) => deleteGitRepoRow(trx, project.id, id));
  if (deleted === undefined) throw notFound('gitRepo', id);
}

/**
 * Commits what `request` names to repository `id`'s branch (creating the branch when the remote
 * has none) as the caller, and pushes it, never forced: a branch that moved meanwhile is refused
 * (502 GIT_SYNC_FAILED, `PUSH_REJECTED`). Answers the commit, or null when the branch already
 * held exactly these files.
 */
export async function pushToGitRepo(
  ctx: ServerContext,
  principal: Principal,
  project: ProjectRow,
  id: string,
  request: PushGitRepoRequest,
): Promise<GitPushResult> {
  const repo = await selectGitRepo(ctx.store.db, project.id, id);
  if (repo === undefined) throw notFound('gitRepo', id);
  const current = await new ReleaseService(ctx).exportState(project);
  const author = await commitAuthor(ctx, principal);
  const commitId = await withRepositoryCheckout(ctx, repo, async (workspace) => {
    await workspace.fetchBranch();
    const onBranch =
      request.type === 'PUSH_EVERYTHING'
        ? current
        : branchStateOf(await readProjectFolder(workspace.tree, repo.slug), repo.slug);
    const files = projectStateToFiles(pushedState(current, onBranch, request));
    await writeProjectFolder(workspace.tree, repo.slug, files);
    return workspace.commitAndPush(request.commitMessage, author);
  });
  return { commitId };
}

/** The commit's author: the calling user, or the API key. */
async function commitAuthor(deps: Pick<ServerContext, 'store'>, principal: Principal): Promise<GitAuthor> {
  if (principal.type === 'SERVICE') {
    return { name: 'Piecework API key', email: `api-key-${principal.id}@piecework.invalid` };
  }
  const user = await selectUserName(deps.store.db, principal.id);
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  return { name: name === '' ? principal.email : name, email: principal.email };
}
