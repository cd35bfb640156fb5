/**
 * The world the endpoint-access test sets up and the helpers its fixtures use to make what a
 * call needs (a fresh flow, folder, connection...). Fixtures live beside this file, by area.
 */
import { addTestUser, type TestUser } from '../../../testing/test-users';
export { addTestUser };
import { callApi } from '../../../testing/call-api';
import type { TestServer } from '../../../testing/test-server';
import type { PopulatedFlow } from '@piecework/shared';
import { flowsApi } from '../../../testing/features/flow-test-kit';
import {
  connectMcpClient,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
} from '../../../testing/mcp-oauth-client';

/** The kinds of caller every endpoint is tried with. */
export const CALLERS = [
  'admin',
  'editor',
  'viewer',
  'customRole',
  'operator',
  'memberOfAnotherProject',
  'apiKey',
  'anotherPlatform',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What the test set up: platform A with its team project and callers, and platform B. */
export interface World {
  server: TestServer;
  admin: TestUser;
  tokens: Record<Caller, string>;
  platformId: string;
  /** The TEAM project of platform A every project-scoped call acts on. */
  projectId: string;
  /** A published flow of the team project with a webhook trigger and a code step. */
  flow: PopulatedFlow;
  /** A finished production run of {@link flow}. */
  runId: string;
}

/** One request of an endpoint: its path parameters, query and body. */
export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * True when the call names nothing of platform A (a list, a create): a caller of another
   * platform then acts on its own platform. Otherwise it is 404 for that caller.
   */
  platformWide?: boolean;
  /** The answer allowed callers get when it is not a 2xx, by the endpoint's own rules (say why). */
  allowedStatus?: number;
  /** Callers the access check lets through but the endpoint's own rules refuse with 403 (say why). */
  refusedCallers?: readonly Caller[];
}

export type Fixture = (world: World) => Promise<Call>;

export let unique = 0;
export const name = (prefix: string) => `${prefix} ${String((unique += 1))}`;

export async function freshFlow(world: World): Promise<PopulatedFlow> {
  return flowsApi(world.server, world.admin.token).createFlow(world.projectId, name('Flow'));
}

export async function adminCall<T>(world: World, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(world.server.apiUrl, method, path, { token: world.admin.token, body });
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export const freshFolder = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/folders', {
    projectId: world.projectId,
    displayName: name('Folder'),
  });

export const freshConnection = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/app-connections', connectionBody(world));

export function connectionBody(world: World) {
  return {
    projectId: world.projectId,
    externalId: name('conn').replace(' ', '-'),
    displayName: name('Connection'),
    pieceName: '@activepieces/piece-http',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'shh' },
  };
}

export async function freshMember(world: World): Promise<string> {
  const user = await addTestUser(world.server, world.platformId, 'MEMBER', [
    { projectId: world.projectId, role: 'Viewer' },
  ]);
  const member = await world.server.server.context.store.db
    .selectFrom('projectMember')
    .select('id')
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return member.id;
}

export const freshRole = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/project-roles', {
    name: name('Role'),
    permissions: ['READ_FLOW'],
  });

export const WEBHOOK_PIECE = '@activepieces/piece-webhook';

export const freshSigningKey = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/signing-keys', { displayName: name('Signing') });

/** One signing key of platform A that the read fixtures share (an RSA-4096 pair takes a while). */
let sharedKey: Promise<{ id: string }> | undefined;
export const sharedSigningKey = (world: World) => (sharedKey ??= freshSigningKey(world));

/** A signing key of platform A not deleted yet: the last one made, while it lasts. */
export let deletableSigningKey: { id: string } | undefined;
export async function undeletedSigningKey(world: World): Promise<{ id: string }> {
  const exists =
    deletableSigningKey !== undefined &&
    (await world.server.server.context.store.db
      .selectFrom('signingKey')
      .select('id')
      .where('id', '=', deletableSigningKey.id)
      .executeTakeFirst()) !== undefined;
  if (!exists) deletableSigningKey = await freshSigningKey(world);
  return deletableSigningKey!;
}

/** The one MCP OAuth client of platform A's fixtures (registering is rate-limited per IP). */
export let mcpClient: ReturnType<typeof registeredMcpClient> | undefined;

/** A fresh pending authorization of the MCP client (what the consent page reads). */
export async function freshAuthRequest(world: World): Promise<string> {
  mcpClient ??= registeredMcpClient(world.server);
  return startAuthorization(world.server, await mcpClient, pkcePair().challenge);
}

/** A fresh grant of the MCP client on the team project, approved by the admin. */
export async function freshMcpGrant(world: World): Promise<string> {
  mcpClient ??= registeredMcpClient(world.server);
  const { tokens } = await connectMcpClient(
    world.server,
    { token: world.admin.token, projectId: world.projectId },
    { client: await mcpClient },
  );
  const claims = await world.server.server.context.mcpAccessTokens.verify(tokens.access_token);
  return claims!.grantId;
}
/** The id of the team project's MCP server (made on its first read). */
export const mcpServerId = async (world: World) =>
  (await adminCall<{ id: string }>(world, 'GET', `/v1/mcp-servers?projectId=${world.projectId}`)).id;
