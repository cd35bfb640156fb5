/**
 * Signing keys (`/v1/signing-keys`), for platform admins: create (an RSA-4096 pair; the private
 * key is answered this once, only the public key is stored), list, get and delete. Create records
 * signing.key.created (the key as listed) in the same transaction. Another platform's key is 404.
 * A deleted key verifies no token from then on.
 */
import { ENDPOINTS, generateId, type SigningKey } from '@piecework/shared';
import type { Selectable } from 'kysely';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { SigningKeyTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { generateSigningKeyPair } from './signing-key-pair';

/** The columns a signing key is shown with (never needed: the public key). */
const VIEW_COLUMNS = ['id', 'created', 'updated', 'displayName'] as const;

function signingKeyView(row: Pick<Selectable<SigningKeyTable>, (typeof VIEW_COLUMNS)[number]>): SigningKey {
  return { id: row.id, created: row.created, updated: row.updated, displayName: row.displayName };
}

/** Create, list, get and delete signing keys. */
export function signingKeyRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.signingKeys.create, {
      handler: async ({ principal, body, request }) => {
        const pair = await generateSigningKeyPair();
        const now = ctx.now();
        const row = await ctx.store.write(async (trx) => {
          const inserted = await trx
            .insertInto('signingKey')
            .values({
              id: generateId(),
              platformId: principal.platformId,
              displayName: body.displayName,
              publicKey: pair.publicKey,
              algorithm: 'RSA',
              created: now,
              updated: now,
            })
            .returning(VIEW_COLUMNS)
            .executeTakeFirstOrThrow();
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'signing.key.created',
            data: { signingKey: signingKeyView(inserted) },
          });
          return inserted;
        });
        return { ...signingKeyView(row), publicKey: pair.publicKey, privateKey: pair.privateKey };
      },
    }),
    route(ENDPOINTS.signingKeys.list, {
      handler: async ({ principal, query }) => {
        const select = ctx.store.db
          .selectFrom('signingKey')
          .select(VIEW_COLUMNS)
          .where('platformId', '=', principal.platformId);
        return mapPage(await fetchSeekPage(select, 'signingKey', query), signingKeyView);
      },
    }),
    route(ENDPOINTS.signingKeys.get, {
      handler: async ({ principal, params }) => {
        const row = await ctx.store.db
          .selectFrom('signingKey')
          .select(VIEW_COLUMNS)
          .where('id', '=', params.id)
          .where('platformId', '=', principal.platformId)
          .executeTakeFirst();
        if (row === undefined) throw notFound('signingKey', params.id);
        return signingKeyView(row);
      },
    }),
    route(ENDPOINTS.signingKeys.delete, {
      handler: async ({ principal, params }) => {
        await ctx.store.write(async (trx) => {
          const deleted = await trx
            .deleteFrom('signingKey')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returning('id')
            .executeTakeFirst();
          if (deleted === undefined) throw notFound('signingKey', params.id);
        });
        return undefined;
      },
    }),
  ];
}
