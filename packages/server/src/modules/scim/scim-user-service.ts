/**
 * SCIM Users, as Activepieces maps them: a SCIM User is a user of the token's platform. `userName`
 * is the email (unique on the whole server, as sign-in finds users by email), `name` the first and
 * last names, `externalId` kept (unique per platform), `active` the status ACTIVE/INACTIVE.
 * Created users are MEMBERs with their PERSONAL project, ACTIVE unless `active` is false, with no
 * usable password: they sign in through SSO or set a password with a reset. Deprovisioning
 * (`active` false, or DELETE) makes the user INACTIVE and ends their sessions (the token version is
 * bumped, so reactivating does not revive them); the platform's last active admin is never
 * deactivated. Platform API keys belong to the platform, not to a user, so nothing else is revoked.
 */
import {
  generateId,
  type ScimListQuery,
  type ScimListResponse,
  type ScimPatchOperation,
  type ScimUser,
  type ScimUserRequest,
} from '@piecework/shared';
import { z } from 'zod';
import { unusablePasswordHash } from '../../infrastructure/auth/password-hash';
import { normalizeEmail } from '../../infrastructure/email/normalize-email';
import { notFound } from '../../infrastructure/errors';
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import { lockRowForWrite, serialiseWrites } from '../../infrastructure/storage/serialise-writes';
import type { ServerContext } from '../../server-context';
import { addProjectToPreselectedConnections } from '../connections/global-connection-projects';
import { insertProjectRow } from '../projects/project-repository';
import { newProjectRow } from '../projects/project-row';
import { endUserSessions } from '../sessions/end-user-sessions';
import { assertKeepsAnActiveAdmin } from '../users/last-active-admin';
import { scimFailure } from './scim-error';
import { planScimFilter } from './scim-filter';
import {
  findScimUser,
  insertScimUser,
  isEmailTaken,
  selectScimUsers,
  updateScimUser,
  type ScimUserChanges,
  type ScimUserColumn,
} from './scim-repository';
import { editOfUserPatch, editOfUserResource, type ScimUserEdit } from './scim-user-patch';
import { scimListView, scimUserView } from './scim-views';

/** What the SCIM routes and services use of the server context. */
export type ScimDependencies = Pick<ServerContext, 'store' | 'now' | 'settings'>;

/** The filter attributes answered by an indexed lookup, and the user column each compares. */
const USER_LOOKUPS: Readonly<Record<string, ScimUserColumn>> = {
  username: 'email',
  'emails.value': 'email',
  externalid: 'externalId',
  id: 'id',
};

/** The users of platform `platformId` that `query.filter` selects, one page of them. */
export async function listScimUsers(
  deps: ScimDependencies,
  platformId: string,
  query: ScimListQuery,
): Promise<ScimListResponse<ScimUser>> {
  const plan = planScimFilter(query.filter, Object.keys(USER_LOOKUPS));
  const where =
    plan.kind === 'equals'
      ? {
          column: USER_LOOKUPS[plan.attribute]!,
          value: USER_LOOKUPS[plan.attribute] === 'email' ? normalizeEmail(plan.value) : plan.value,
        }
      : undefined;
  const users = (await selectScimUsers(deps.store.db, platformId, where)).map(scimUserView);
  const selected = plan.kind === 'match' ? (plan.filter.match(users) as ScimUser[]) : users;
  return scimListView(selected, query.startIndex, query.count);
}

/** User `id` of platform `platformId`; 404 when there is none. */
export async function getScimUser(deps: ScimDependencies, platformId: string, id: string): Promise<ScimUser> {
  const row = await findScimUser(deps.store.db, platformId, id);
  if (row === undefined) throw notFound('user', id);
  return scimUserView(row);
}

/** Creates a user of platform `platformId`; 409 `uniqueness` when the email or external id is taken. */
export async function createScimUser(
  deps: ScimDependencies,
  platformId: string,
  resource: ScimUserRequest,
): Promise<ScimUser> {
  const email = emailOfResource(resource);
  const firstName = resource.name?.givenName ?? '';
  const lastName = resource.name?.familyName ?? '';
  const now = deps.now();
  const row = await deps.store.write(async (trx) => {
    // One new user at a time per email, as sign-up does.
    await serialiseWrites(trx, 'sign-up');
    if (await isEmailTaken(trx, email)) {
      throw scimFailure(409, 'uniqueness', `A user with userName ${email} already exists`);
    }
    await assertExternalIdFree(trx, 'user', platformId, resource.externalId ?? undefined);
    const user = await insertScimUser(trx, {
      id: generateId(),
      platformId,
      email,
      passwordHash: unusablePasswordHash(),
      firstName,
      lastName,
      platformRole: 'MEMBER',
      status: resource.active === false ? 'INACTIVE' : 'ACTIVE',
      externalId: resource.externalId ?? null,
      verified: 1,
      created: now,
      updated: now,
    });
    const project = newProjectRow(
      { platformId, ownerId: user.id, displayName: `${firstName || email}'s Project`, type: 'PERSONAL' },
      now,
    );
    const inserted = await insertProjectRow(trx, project);
    await addProjectToPreselectedConnections(trx, platformId, inserted.id);
    return user;
  });
  return scimUserView(row);
}

/** Replaces user `id`'s email, names, external id and active state with those of `resource`. */
export async function replaceScimUser(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  resource: ScimUserRequest,
): Promise<ScimUser> {
  return editScimUser(deps, platformId, id, {
    ...editOfUserResource(resource),
    userName: emailOfResource(resource),
  });
}

/** Applies PATCH `operations` to user `id`. */
export async function patchScimUser(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  operations: readonly ScimPatchOperation[],
): Promise<ScimUser> {
  return editScimUser(deps, platformId, id, editOfUserPatch(operations));
}

/** Deprovisions user `id`: INACTIVE, sessions ended (the user stays, as in Activepieces). */
export async function deleteScimUser(deps: ScimDependencies, platformId: string, id: string): Promise<void> {
  await editScimUser(deps, platformId, id, { active: false });
}

/**
 * Applies `edit` to user `id` of platform `platformId` in one transaction: the last active admin
 * stays active, a new email or external id must be free, and deactivation ends the user's sessions.
 */
async function editScimUser(
  deps: ScimDependencies,
  platformId: string,
  id: string,
  edit: ScimUserEdit,
): Promise<ScimUser> {
  const row = await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', platformId);
    const user = await findScimUser(trx, platformId, id);
    if (user === undefined) throw notFound('user', id);
    const status = edit.active === undefined ? undefined : edit.active ? 'ACTIVE' : 'INACTIVE';
    await assertKeepsAnActiveAdmin(trx, user, { status });
    const changes: ScimUserChanges = {};
    if (edit.userName !== undefined) {
      const email = emailAddress(edit.userName, 'userName');
      if (email !== user.email) {
        if (await isEmailTaken(trx, email, user.id)) {
          throw scimFailure(409, 'uniqueness', `A user with userName ${email} already exists`);
        }
        changes.email = email;
      }
    }
    if (edit.givenName !== undefined && edit.givenName !== user.firstName) changes.firstName = edit.givenName;
    if (edit.familyName !== undefined && edit.familyName !== user.lastName)
      changes.lastName = edit.familyName;
    if (edit.externalId !== undefined && edit.externalId !== user.externalId) {
      await assertExternalIdFree(trx, 'user', platformId, edit.externalId ?? undefined);
      changes.externalId = edit.externalId;
    }
    if (status !== undefined && status !== user.status) changes.status = status;
    if (Object.keys(changes).length === 0) return user;
    const deprovisioned = changes.status === 'INACTIVE';
    if (deprovisioned) await endUserSessions(trx, user.id, 'DEPROVISIONED', deps.now());
    return updateScimUser(trx, user.id, changes, deprovisioned, deps.now());
  });
  return scimUserView(row);
}

const EmailAddress = z.email();

/** The email of a User resource: its `userName` when that is an address, else its primary (or first) email. */
function emailOfResource(resource: ScimUserRequest): string {
  if (EmailAddress.safeParse(resource.userName.trim()).success) return normalizeEmail(resource.userName);
  const emails = resource.emails ?? [];
  const primary = emails.find((email) => email.primary === true) ?? emails[0];
  return emailAddress(primary?.value ?? resource.userName, 'userName');
}

/** `text` as a normalized email address; 400 `invalidValue` when it is none. */
function emailAddress(text: string, attribute: string): string {
  if (!EmailAddress.safeParse(text.trim()).success) {
    throw scimFailure(
      400,
      'invalidValue',
      `${attribute} must be an email address, not ${JSON.stringify(text)}`,
    );
  }
  return normalizeEmail(text);
}
