/**
 * The platform's allowed embed origins: read the list, add origins (merged, deduplicated, order
 * kept, at most 100: more is 409 VALIDATION) and remove some. The list answers without
 * AP_ALLOWED_EMBED_ORIGINS. Every change forgets this process's cached page CSP list
 * (`embed-origins-cache.ts`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import type { ServerContext } from '../../server-context';
import { mergeEmbedOrigins, parseEmbedOrigins, removeEmbedOrigins } from './embed-origin-list';
import { selectPlatformEmbedOrigins, updatePlatformEmbedOrigins } from './embedding-repository';

/** What the embedding routes and service use of the server context. */
export type EmbeddingDependencies = Pick<ServerContext, 'store' | 'now' | 'embedOrigins'>;

/** The allowed embed origins answer: the platform's own list. */
export interface AllowedEmbedOrigins {
  allowedEmbedOrigins: string[];
}

async function originsOf(db: Kysely<Database>, platformId: string): Promise<string[]> {
  return parseEmbedOrigins(await selectPlatformEmbedOrigins(db, platformId));
}

async function change(
  deps: EmbeddingDependencies,
  platformId: string,
  edit: (current: string[]) => string[],
): Promise<AllowedEmbedOrigins> {
  const origins = await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', platformId);
    const next = edit(await originsOf(trx, platformId));
    await updatePlatformEmbedOrigins(trx, platformId, toJson(next), deps.now());
    return next;
  });
  deps.embedOrigins.invalidate();
  return { allowedEmbedOrigins: origins };
}

/** Platform `platformId`'s allowed embed origins. */
export async function listAllowedEmbedOrigins(
  deps: EmbeddingDependencies,
  platformId: string,
): Promise<AllowedEmbedOrigins> {
  return { allowedEmbedOrigins: await originsOf(deps.store.db, platformId) };
}

/** Adds `added` to platform `platformId`'s allowed embed origins. */
export async function addAllowedEmbedOrigins(
  deps: EmbeddingDependencies,
  platformId: string,
  added: readonly string[],
): Promise<AllowedEmbedOrigins> {
  return change(deps, platformId, (current) => mergeEmbedOrigins(current, added));
}

/** Removes `removed` from platform `platformId`'s allowed embed origins. */
export async function removeAllowedEmbedOrigins(
  deps: EmbeddingDependencies,
  platformId: string,
  removed: readonly string[],
): Promise<AllowedEmbedOrigins> {
  return change(deps, platformId, (current) => removeEmbedOrigins(current, removed));
}
