/**
 * SCIM Groups, as Activepieces maps them: a SCIM Group is a TEAM project of the token's platform
 * (`displayName` its name, `externalId` kept, unique per platform), owned by the platform's first
 * admin; its members are the project's members, added with the default Editor role. Member ids
 * that are not users of the platform are skipped. Deleting a group deletes the project with
 * everything in it, as Activepieces does. PERSONAL projects are never groups.
 */
import {
  generateId,
  type ScimGroup,
  type ScimGroupRequest,
  type ScimListQuery,
  type ScimListResponse,
  type ScimPatchOperation,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { assertProjectsBelowLimit } from '../platform-plan/plan-limits';
import { findProjectRoleByName } from '../project-roles/project-role-lookup';
import { deleteProjectRow } from '../projects/project-repository';
import { insertTeamProject } from '../projects/project-service';
import { planScimFilter } from './scim-filter';
import { applyGroupPatch, type ScimGroupState } from './scim-group-patch';
import {
  deleteScimMembers,
  findScimGroup,
  insertScimMembers,
  selectPlatformUserIds,
  selectScimGroups,
  selectScimMembers,
  updateScimGroup,
  type ScimGroupColumn,
  type ScimGroupRow,
  type ScimMemberRow,
} from './scim-repository';
import type { ScimDependencies } from './scim-user-service';
import { scimGroupView, scimListPage, scimListView } from './scim-views';

/** The project role SCIM members get, as in Activepieces. */
const MEMBER_ROLE = 'Editor';

/** The filter attributes answered by an indexed lookup, and the project column each compares. */
const GROUP_LOOKUPS: Readonly<Record<string, ScimGroupColumn>> = {
  displayname: 'displayName',
  externalid: 'externalId',
  id: 'id',
};

/** The groups of platform `platformId` that `query.filter` selects, one page of them. */
export async function listScimGroups(
  deps: ScimDependencies,
  platformId: string,
  query: ScimListQuery,
): Promise<ScimListResponse<ScimGroup>> {
  const plan = planScimFilter(query.filter, Object.keys(GROUP_LOOKUPS));
  const where =
    plan.kind === 'equals' ? { column: GROUP_LOOKUPS[plan.attribute]!, value: plan.value } : undefined;
  const rows = await selectScimGroups(deps.store.db, platformId, where);
  if (plan.kind === 'match') {
    const groups = plan.filter.match(await groupsWithMembers(deps.store.db, rows)) as ScimGroup[];
    return scimListView(groups, query.startIndex, query.count);
  }
  const page = rows.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
  return scimListPage(await groupsWithMembers(deps.store.db, page), rows.length, query.startIndex);
}

/** Group `id` of platform `platformId`; 404 when there is none. */
export async function getScimGroup(
  deps: ScimDependencies,
  platformId: string,
  id: string,
): Promise<ScimGroup> {
  const row = await findScimGroup(deps.store.db, platformId, id);
  if (row === undefined) throw notFound('project', id);
  return groupWithMembers(deps.store.db, row);
}

/** Creates a TEAM project with `resource`'s name, external id and members (as Editors). */
export async function createScimGroup(
  deps: ScimDependencies,
  platformId: string,
  resource: ScimGroupRequest,
): Promise<ScimGroup> {
  const row = await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', platformId);
    await assertExternalIdFree(trx, 'project', platformId, resource.externalId ?? undefined);
    await assertProjectsBelowLimit(trx, deps, platformId);
    const now = deps.now();
    const project = await insertTeamProject(trx, now, {
      platformId,
      displayName: resource.displayName,
      externalId: resource.externalId ?? null,
    });
    await setMembers(
      trx,
      platformId,
      project.id,
      [],
      (resource.members ?? []).map((m) => m.value),
      now,
    );
    return project;
  });
  return groupWithMembers(deps.store.db, row);
}

/** Replaces group `id`'s name, external id (when given) and members (when given). */
export async function replaceScimGroup(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  resource: ScimGroupRequest,
): Promise<ScimGroup> {
  return editScimGroup(deps, platformId, id, (state) => ({
    displayName: resource.displayName,
    externalId: resource.externalId === undefined ? state.externalId : resource.externalId,
    memberIds: resource.members === undefined ? state.memberIds : resource.members.map((m) => m.value),
  }));
}

/** Applies PATCH `operations` to group `id`. */
export async function patchScimGroup(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  operations: readonly ScimPatchOperation[],
): Promise<ScimGroup> {
  return editScimGroup(deps, platformId, id, (state) => applyGroupPatch(state, operations));
}

/** Deletes group `id`: its TEAM project with its flows, connections and memberships. */
export async function deleteScimGroup(deps: ScimDependencies, platformId: string, id: string): Promise<void> {
  await deps.store.write(async (trx) => {
    const row = await findScimGroup(trx, platformId, id);
    if (row === undefined) throw notFound('project', id);
    await deleteProjectRow(trx, row.id);
  });
}

/** Changes group `id` to what `change` makes of its state, in one transaction. */
async function editScimGroup(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  change: (state: ScimGroupState) => ScimGroupState,
): Promise<ScimGroup> {
  const row = await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', platformId);
    const group = await findScimGroup(trx, platformId, id);
    if (group === undefined) throw notFound('project', id);
    const memberIds = (await selectScimMembers(trx, [group.id])).map((member) => member.userId);
    const next = change({ displayName: group.displayName, externalId: group.externalId, memberIds });
    const now = deps.now();
    await setMembers(trx, platformId, group.id, memberIds, next.memberIds, now);
    const renamed = next.displayName !== group.displayName;
    const relabelled = next.externalId !== group.externalId;
    if (!renamed && !relabelled) return group;
    if (relabelled) await assertExternalIdFree(trx, 'project', platformId, next.externalId ?? undefined);
    return updateScimGroup(
      trx,
      group.id,
      {
        ...(renamed ? { displayName: next.displayName } : {}),
        ...(relabelled ? { externalId: next.externalId } : {}),
      },
      now,
    );
  });
  return groupWithMembers(deps.store.db, row);
}

/**
 * Makes the members of project `projectId` the users `wanted` (those of the platform), from
 * `current`: new ones join as Editors, missing ones leave.
 */
async function setMembers(
  trx: Kysely<Database>,
  platformId: string,
  projectId: string,
  current: readonly string[],
  wanted: readonly string[],
  now: string,
): Promise<void> {
  const currentSet = new Set(current);
  const wantedSet = new Set(wanted);
  const joining = await selectPlatformUserIds(
    trx,
    platformId,
    [...wantedSet].filter((userId) => !currentSet.has(userId)),
  );
  await deleteScimMembers(
    trx,
    projectId,
    current.filter((userId) => !wantedSet.has(userId)),
  );
  if (joining.length === 0) return;
  const role = await findProjectRoleByName(trx, platformId, MEMBER_ROLE);
  if (role === undefined) throw ruleViolation(`The default project role ${MEMBER_ROLE} is missing`);
  await insertScimMembers(
    trx,
    joining.map((userId) => ({
      id: generateId(),
      platformId,
      projectId,
      userId,
      projectRoleId: role.id,
      created: now,
      updated: now,
    })),
  );
}

async function groupWithMembers(db: Kysely<Database>, row: ScimGroupRow): Promise<ScimGroup> {
  return scimGroupView(row, await selectScimMembers(db, [row.id]));
}

/** `rows` as SCIM Groups, their members read in one query. */
async function groupsWithMembers(db: Kysely<Database>, rows: readonly ScimGroupRow[]): Promise<ScimGroup[]> {
  const members = new Map<string, ScimMemberRow[]>();
  const ids = rows.map((row) => row.id);
  for (const member of await selectScimMembers(db, ids)) {
    const list = members.get(member.projectId);
    if (list === undefined) members.set(member.projectId, [member]);
    else list.push(member);
  }
  return rows.map((row) => scimGroupView(row, members.get(row.id) ?? []));
}
