/**
 * Which published flows use a piece version: an installed version cannot be removed while one
 * of them would run it (a step naming that exact version, or a range it is the newest installed
 * match of).
 */
import { getAllSteps, type Trigger } from '@piecework/shared';
import { resolveVersion } from '@piecework/pieces';
import type { ServerBase } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { publishedFlowsMentioning } from './piece-repository';

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
  const rows = await publishedFlowsMentioning(ctx.store.db, name);
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
