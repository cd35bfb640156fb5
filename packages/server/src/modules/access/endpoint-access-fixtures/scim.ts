/** The fixtures of SCIM provisioning (`scim.*`). */
import { adminCall, addTestUser, name, type Fixture, type World } from './world';

const freshUserId = async (w: World) => (await addTestUser(w.server, w.platformId, 'MEMBER')).userId;
const freshGroupId = async (w: World) =>
  (await adminCall<{ id: string }>(w, 'POST', '/v1/scim/v2/Groups', { displayName: name('Group') })).id;
const userName = () => `${name('scim').replace(' ', '-')}@example.com`;
const deactivate = { Operations: [{ op: 'replace', value: { active: false } }] };

/** One row per endpoint (`area.name`): how to call it. */
export const SCIM_FIXTURES: Record<string, Fixture> = {
  'scim.serviceProviderConfig': async () => ({ platformWide: true }),
  'scim.resourceTypes': async () => ({ platformWide: true }),
  'scim.schemas': async () => ({ platformWide: true }),
  'scim.listUsers': async () => ({ platformWide: true }),
  'scim.getUser': async (w) => ({ params: { id: await freshUserId(w) } }),
  'scim.createUser': async () => ({ body: { userName: userName() }, platformWide: true }),
  'scim.replaceUser': async (w) => ({ params: { id: await freshUserId(w) }, body: { userName: userName() } }),
  'scim.patchUser': async (w) => ({ params: { id: await freshUserId(w) }, body: deactivate }),
  'scim.deleteUser': async (w) => ({ params: { id: await freshUserId(w) } }),
  'scim.listGroups': async () => ({ platformWide: true }),
  'scim.getGroup': async (w) => ({ params: { id: await freshGroupId(w) } }),
  'scim.createGroup': async () => ({ body: { displayName: name('Group') }, platformWide: true }),
  'scim.replaceGroup': async (w) => ({
    params: { id: await freshGroupId(w) },
    body: { displayName: name('Group') },
  }),
  'scim.patchGroup': async (w) => ({
    params: { id: await freshGroupId(w) },
    body: { Operations: [{ op: 'replace', path: 'displayName', value: name('Group') }] },
  }),
  'scim.deleteGroup': async (w) => ({ params: { id: await freshGroupId(w) } }),
};
