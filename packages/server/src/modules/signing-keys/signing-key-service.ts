/**
 * Signing keys of a platform: create (an RSA-4096 pair; the private key is answered this once,
 * only the public key is stored), list, get and delete. Create records signing.key.created (the
 * key as listed) in the same transaction. Another platform's key is 404. A deleted key verifies
 * no token from then on.
 */
import { generateId, type Page, type SigningKey } from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { PageRequest } from '../../infrastructure/storage/seek-page';
import { mapPage } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { generateSigningKeyPair } from './signing-key-pair';
import {
  deletePlatformSigningKey,
  findPlatformSigningKey,
  insertSigningKey,
  selectSigningKeyPage,
  type SigningKeyViewRow,
} from './signing-key-repository';

/** What the signing-key routes and service use of the server context: the store and the clock. */
export type SigningKeyDependencies = Pick<ServerContext, 'store' | 'now'>;

/** A new signing key as created: the key as listed plus both halves of its pair. */
export type CreatedSigningKey = SigningKey & { publicKey: string; privateKey: string };

function signingKeyView(row: SigningKeyViewRow): SigningKey {
  return { id: row.id, created: row.created, updated: row.updated, displayName: row.displayName };
}

/** Creates a signing key on the caller's platform, recording signing.key.created. */
export async function createSigningKey(
  deps: SigningKeyDependencies,
  principal: Principal,
  ip: string | undefined,
  displayName: string,
): Promise<CreatedSigningKey> {
  const pair = await generateSigningKeyPair();
  const now = deps.now();
  const row = await deps.store.write(async (trx) => {
    const inserted = await insertSigningKey(trx, {
      id: generateId(),
      platformId: principal.platformId,
      displayName,
      publicKey: pair.publicKey,
      algorithm: 'RSA',
      created: now,
      updated: now,
    });
    await recordAuditEvent(trx, now, auditActorOf(principal, ip), {
      action: 'signing.key.created',
      data: { signingKey: signingKeyView(inserted) },
    });
    return inserted;
  });
  return { ...signingKeyView(row), publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** One page of the signing keys of platform `platformId`. */
export async function listSigningKeys(
  deps: SigningKeyDependencies,
  platformId: string,
  page: PageRequest,
): Promise<Page<SigningKey>> {
  return mapPage(await selectSigningKeyPage(deps.store.db, platformId, page), signingKeyView);
}

/** Signing key `id` of platform `platformId`; 404 when it has no such key. */
export async function getSigningKey(
  deps: SigningKeyDependencies,
  platformId: string,
  id: string,
): Promise<SigningKey> {
  const row = await findPlatformSigningKey(deps.store.db, platformId, id);
  if (row === undefined) throw notFound('signingKey', id);
  return signingKeyView(row);
}

/** Deletes signing key `id` of platform `platformId`; 404 when it has no such key. */
export async function deleteSigningKey(
  deps: SigningKeyDependencies,
  platformId: string,
  id: string,
): Promise<void> {
  await deps.store.write(async (trx) => {
    const deleted = await deletePlatformSigningKey(trx, platformId, id);
    if (deleted === undefined) throw notFound('signingKey', id);
  });
}
