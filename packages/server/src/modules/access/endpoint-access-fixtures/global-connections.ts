/** The fixtures of global connections (`globalConnections.*`). */
import { adminCall, name, type Fixture, type World } from './world';

/** A new global connection of platform A, shared with no project. */
async function freshGlobalConnection(world: World): Promise<string> {
  const created = await adminCall<{ id: string }>(world, 'POST', '/v1/global-connections', {
    externalId: name('global').replace(' ', '-'),
    displayName: name('Global'),
    pieceName: '@activepieces/piece-http',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'shh' },
    projectIds: [],
  });
  return created.id;
}

/** One row per endpoint (`area.name`): how to call it. */
export const GLOBAL_CONNECTION_FIXTURES: Record<string, Fixture> = {
  // Names platform A's team project: another platform's admin gets 404.
  'globalConnections.upsert': async (w) => ({
    body: {
      externalId: 'matrix-global',
      displayName: name('Global'),
      pieceName: '@activepieces/piece-http',
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'shh' },
      projectIds: [w.projectId],
    },
  }),
  'globalConnections.list': async () => ({ platformWide: true }),
  'globalConnections.update': async (w) => ({
    params: { id: await freshGlobalConnection(w) },
    body: { displayName: name('Renamed'), projectIds: [w.projectId] },
  }),
  'globalConnections.delete': async (w) => ({ params: { id: await freshGlobalConnection(w) } }),
};
