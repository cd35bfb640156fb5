/**
 * Which published flows use a piece version: an installed version cannot be removed while one
 * of them would run it (a step naming that exact version, or a range it is the newest installed
 * match of).
 */
import { getAllSteps, type Trigger } from '@piecework/shared';
import { resolveVersion } from '@piecework/pieces';
import { sql } from 'kysely';
import type { ServerBase } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { containsPattern } from '../../infrastructure/storage/like-pattern';

/** A published flow that uses a piece version. */
export interface PieceUser {
  flowId: string;
  projectId: string;
  displayName: string;
}

/**
 * The published flows (of every platform: the pieces directory is the server's) whose published
 * version runs `name@version`, given the versions installed now.
 */
export async function publishedFlowsUsing(
  ctx: Pick<ServerBase, 'store' | 'pieces'>,
  name: string,
  version: string,
): Promise<PieceUser[]> {
  const rows = await ctx.store.db
    .selectFrom('flow')
    .innerJoin('flowVersion', 'flowVersion.id', 'flow.publishedVersionId')
    .select(['flow.id as flowId', 'flow.projectId', 'flowVersion.displayName', 'flowVersion.trigger'])
    .where(
      sql<boolean>`${sql.ref('flowVersion.trigger')} like ${containsPattern(JSON.stringify(name))} escape '\\'`,
    )
    .execute();
  const installed = ctx.pieces.catalogue.runnableVersions(name).map((entry) => entry.version);
  const runs = (named: string) => named === version || resolveVersion(installed, named) === version;
  return rows
    .filter((row) =>
      getAllSteps(fromJson<Trigger>(row.trigger)!).some(
        (step) =>
          (step.type === 'PIECE' || step.type === 'PIECE_TRIGGER') &&
          step.settings.pieceName === name &&
          runs(step.settings.pieceVersion),
      ),
    )
    .map(({ flowId, projectId, displayName }) => ({ flowId, projectId, displayName }));
}
