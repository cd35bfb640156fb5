/**
 * Users for integration tests: {@link signUpTestUser} goes through the real sign-up route (a new
 * platform each time); {@link addTestUser} puts a user with a given platform role (and project
 * memberships) on an existing platform through the data layer, as invitations will once they exist.
 */
import { generateId, type DefaultProjectRole, type PlatformRole } from '@piecework/shared';
import { findProjectRoleByName } from '../modules/project-roles/project-role-lookup';
import type { ApiServer, TestServer } from './test-server';

/** A signed-up or added user, with a session token. */
export interface TestUser {
  token: string;
  userId: string;
  platformId: string;
  /** The user's PERSONAL project (from sign-up); `null` for added users. */
  projectId: string | null;
  email: string;
}

let counter = 0;

/** Signs up a new user (and so a new platform with a PERSONAL project) over HTTP. */
export async function signUpTestUser(
  server: ApiServer,
  overrides: { email?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `user${String(counter)}-${generateId().slice(0, 6)}@example.com`;
  const response = await fetch(`${server.apiUrl}/v1/authentication/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Test', lastName: 'User' }),
  });
  if (!response.ok) {
    throw new Error(`sign-up failed: ${String(response.status)} ${await response.text()}`);
  }
  const body = (await response.json()) as {
    token: string;
    id: string;
    platformId: string;
    projectId: string;
  };
  return {
    token: body.token,
    userId: body.id,
    platformId: body.platformId,
    projectId: body.projectId,
    email,
  };
}

/**
 * Adds a user to `platformId` with `platformRole`, member of the given projects with the role of
 * that name (a default role or one of the platform's custom roles, case-insensitive).
 */
export async function addTestUser(
  server: TestServer,
  platformId: string,
  platformRole: PlatformRole,
  memberships: { projectId: string; role: DefaultProjectRole | (string & {}) }[] = [],
): Promise<TestUser> {
  const { context } = server.server;
  const now = context.now();
  const userId = generateId();
  counter += 1;
  const email = `member${String(counter)}-${userId.slice(0, 6).toLowerCase()}@example.com`;
  await context.store.write(async (trx) => {
    await trx
      .insertInto('user')
      .values({
        id: userId,
        platformId,
        email,
        passwordHash: 'not-a-hash',
        firstName: 'Added',
        lastName: 'User',
        platformRole,
        status: 'ACTIVE',
        created: now,
        updated: now,
      })
      .execute();
    for (const membership of memberships) {
      const role = await findProjectRoleByName(trx, platformId, membership.role);
      if (role === undefined) {
        throw new Error(`addTestUser: no project role named ${membership.role} on platform ${platformId}`);
      }
      await trx
        .insertInto('projectMember')
        .values({
          id: generateId(),
          platformId,
          projectId: membership.projectId,
          userId,
          projectRoleId: role.id,
          created: now,
          updated: now,
        })
        .execute();
    }
  });
  const token = await context.tokens.issue({ userId, platformId, tokenVersion: 0 });
  return { token, userId, platformId, projectId: null, email };
}
