/**
 * A piece's `input.auth` as the piece needs it, outside a run (the builder's options, trigger
 * hooks): `{{connections['ext-id']}}` becomes that connection's value in the project.
 */
import { notFound } from '../../infrastructure/errors';
import type { RefreshContext } from './oauth2/connection-refresh';
import { readConnectionValue } from './read-connection-value';

const CONNECTION_REFERENCE = /^\s*\{\{\s*connections\[\s*(['"])([^'"]+)\1\s*\]\s*\}\}\s*$/;

/**
 * The value of the connection `auth` references in project `projectId` (404 when it has none of
 * that externalId), or `auth` as it is when it references none.
 */
export async function resolveAuthReference(
  ctx: RefreshContext,
  projectId: string,
  auth: unknown,
): Promise<unknown> {
  if (typeof auth !== 'string') return auth;
  const externalId = CONNECTION_REFERENCE.exec(auth)?.[2];
  if (externalId === undefined) return auth;
  const value = await readConnectionValue(ctx, projectId, externalId);
  if (value === null) throw notFound('connection', externalId);
  return value;
}
