/**
 * The run engine's way to a connection's secret: `{{connections['<externalId>']}}` in a project
 * resolves to the decrypted value. Nothing else outside the module opens sealed values.
 */
import type { AppConnectionValue } from '@piecework/shared';
import type { ServerContext } from '../../server-context';

/**
 * The decrypted value of the connection `externalId` of project `projectId`, or `null` when the
 * project has no such connection. Throws when the stored value cannot be opened (another key).
 */
export async function readConnectionValue(
  ctx: Pick<ServerContext, 'store' | 'secrets'>,
  projectId: string,
  externalId: string,
): Promise<AppConnectionValue | null> {
  const row = await ctx.store.db
    .selectFrom('appConnection')
    .select('value')
    .where('projectId', '=', projectId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
  return row === undefined ? null : ctx.secrets.open<AppConnectionValue>(row.value);
}
