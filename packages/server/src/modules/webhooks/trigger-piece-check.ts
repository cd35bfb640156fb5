/**
 * A webhook runs a flow only when this server can run the flow's trigger piece. A flow imported
 * with the trigger of a piece that is not installed (say `@activepieces/piece-typeform`) must not
 * fire as a generic webhook and fail later: the caller is answered 404 naming the piece and the
 * command that installs it, like a flow whose webhook does not run (see `webhook-target.ts`).
 */
import { PieceworkError } from '@piecework/shared';
import { installCommand } from '../pieces/piece-availability';
import type { ServerBase } from '../../server-context';
import { selectTriggerPiece } from './webhook-repository';
import type { WebhookTarget } from './webhook-target';

/**
 * The piece, version and trigger name of a version's PIECE_TRIGGER, and its `authType` input
 * (the webhook piece's request authentication), or null for any other trigger.
 */
export type TriggerPiece = {
  name: string;
  version: string;
  triggerName: string | null;
  authType: unknown;
} | null;

/** Published (LOCKED) versions never change: their trigger piece is read once. */
const lockedTriggerPieces = new Map<string, TriggerPiece>();
const CACHE_LIMIT = 10_000;

/** The trigger piece of version `versionId` (`locked`: a published version, read once and cached). */
export async function triggerPieceOf(
  ctx: Pick<ServerBase, 'store'>,
  versionId: string,
  locked: boolean,
): Promise<TriggerPiece> {
  if (locked && lockedTriggerPieces.has(versionId)) return lockedTriggerPieces.get(versionId)!;
  const [row] = (await selectTriggerPiece.run(ctx.store.db, { versionId })).rows;
  const piece: TriggerPiece =
    row?.pieceName && row.pieceVersion
      ? {
          name: row.pieceName,
          version: row.pieceVersion,
          triggerName: row.triggerName,
          authType: row.authType,
        }
      : null;
  if (locked) {
    if (lockedTriggerPieces.size >= CACHE_LIMIT) lockedTriggerPieces.clear();
    lockedTriggerPieces.set(versionId, piece);
  }
  return piece;
}

/**
 * Throws the 404 to answer when the target version's trigger piece cannot run here (neither
 * built in nor installed); `locked` says the version is a published one (its piece is cached).
 * Answers the trigger's piece (null for a trigger without one).
 */
export async function assertTriggerPieceRunnable(
  ctx: Pick<ServerBase, 'store' | 'pieces'>,
  target: WebhookTarget,
  locked: boolean,
): Promise<TriggerPiece> {
  const piece = await triggerPieceOf(ctx, target.version.id, locked);
  if (piece === null || (await ctx.pieces.ensure(piece.name, piece.version))) return piece;
  const command = installCommand(piece.name, piece.version);
  throw new PieceworkError('ENTITY_NOT_FOUND', {
    message: `The flow's trigger piece ${piece.name}@${piece.version} is not installed on this server: add it with "${command}"`,
    entityType: 'piece',
    entityId: `${piece.name}@${piece.version}`,
    flowId: target.flowId,
  });
}
