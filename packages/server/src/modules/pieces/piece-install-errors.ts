/** How a failed install of an npm piece answers on the wire. */
import { PieceInstallError } from '@piecework/pieces';
import { PieceworkError } from '@piecework/shared';
import { invalidRequest } from '../../infrastructure/errors';

/**
 * The `{code, params}` error of a failed install: an unknown package or version is 404
 * ENTITY_NOT_FOUND, a package that is not a piece 400 VALIDATION, npm failing (registry
 * unreachable) 502 INTERNAL_ERROR; each names the package. Other errors pass through.
 */
export function installErrorOf(error: unknown, pieceName: string, pieceVersion: string): unknown {
  if (!(error instanceof PieceInstallError)) return error;
  const params = { pieceName, pieceVersion, reason: error.reason };
  switch (error.reason) {
    case 'PACKAGE_NOT_FOUND':
    case 'VERSION_NOT_FOUND':
      return new PieceworkError('ENTITY_NOT_FOUND', {
        ...params,
        message: error.message,
        entityType: error.reason === 'PACKAGE_NOT_FOUND' ? 'piece package' : 'piece version',
        entityId: `${pieceName}@${pieceVersion}`,
      });
    case 'NOT_A_PIECE':
      return invalidRequest(error.message, params);
    case 'INSTALL_FAILED':
      return new PieceworkError('INTERNAL_ERROR', { ...params, message: error.message }, 502);
  }
}
