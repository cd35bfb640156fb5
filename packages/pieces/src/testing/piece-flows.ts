import type { PieceRunner } from '@piecework/engine';
import { BUILTIN_PIECES } from '../builtin';
import type { NpmPieceHost } from '../npm/npm-piece-host';
import { createPieceRunner } from '../runner/create-piece-runner';

/** The piece runner a local server would use: built-ins, the given npm host, localhost URLs, nothing allow-listed. */
export function localPieceRunner(npm: NpmPieceHost): PieceRunner {
  return createPieceRunner({
    builtins: BUILTIN_PIECES,
    npm,
    services: {
      urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/api/' },
      ssrfAllowList: [],
    },
  });
}
