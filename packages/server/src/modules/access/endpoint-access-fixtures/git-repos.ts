/**
 * The fixtures of the git sync endpoints (`gitRepos.*`), on the team project. Pushes go to a
 * private address, which the SSRF filter refuses before any connection (400 SSRF_BLOCKED): the
 * access check is what these rows test, and no network is touched.
 */
import { adminCall, type Fixture, type World } from './world';

/** A connection body for the team project, to a remote nobody is asked about. */
const connection = (world: World) => ({
  projectId: world.projectId,
  remoteUrl: 'ssh://git@10.255.0.1/acme/flows.git',
  branch: 'main',
  branchType: 'DEVELOPMENT',
  slug: 'team',
});

/** (Re)connects the team project and answers its repository's id. */
const connected = async (world: World) =>
  (await adminCall<{ id: string }>(world, 'POST', '/v1/git-repos', connection(world))).id;

/** One row per git sync endpoint. */
export const GIT_REPO_FIXTURES: Record<string, Fixture> = {
  'gitRepos.configure': async (w) => ({ body: connection(w) }),
  'gitRepos.list': async (w) => ({ query: { projectId: w.projectId } }),
  'gitRepos.push': async (w) => ({
    params: { id: await connected(w) },
    body: { type: 'PUSH_EVERYTHING', commitMessage: 'Access check' },
    // The remote is a private address: refused by the SSRF filter once access is granted.
    allowedStatus: 400,
  }),
  'gitRepos.delete': async (w) => ({ params: { id: await connected(w) } }),
};
