/** The fixtures of the project-release endpoints (`projectReleases.*`), on the team project. */
import { adminCall, name, type Fixture, type World } from './world';

/** Turns releases on for the team project (idempotent) so that diff and create can succeed. */
async function releasesOn(world: World): Promise<void> {
  await adminCall(world, 'POST', `/v1/projects/${world.projectId}`, { releasesEnabled: true });
}

/** A FILE release of the team project's own state: it changes no flow of the project. */
const ownState = async (world: World) => ({
  projectId: world.projectId,
  type: 'FILE',
  state: await adminCall<unknown>(world, 'GET', `/v1/project-releases/export?projectId=${world.projectId}`),
});

/** One row per project-release endpoint. */
export const RELEASE_FIXTURES: Record<string, Fixture> = {
  'projectReleases.exportState': async (w) => ({ query: { projectId: w.projectId } }),
  'projectReleases.diff': async (w) => {
    await releasesOn(w);
    return { body: await ownState(w) };
  },
  'projectReleases.create': async (w) => {
    await releasesOn(w);
    return { body: { ...(await ownState(w)), name: name('Release') } };
  },
  'projectReleases.list': async (w) => ({ query: { projectId: w.projectId } }),
  'projectReleases.get': async (w) => {
    await releasesOn(w);
    const release = await adminCall<{ id: string }>(w, 'POST', '/v1/project-releases', {
      ...(await ownState(w)),
      name: name('Release'),
    });
    return { params: { id: release.id } };
  },
};
