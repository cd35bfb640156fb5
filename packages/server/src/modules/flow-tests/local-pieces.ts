/**
 * The piece actions flow tests and replays run for real instead of answering them from
 * recordings: the ones that only answer the flow's caller (Return Response of the webhook and
 * forms pieces). They reach no service, and their effect, the flow's response and its stop, is
 * not in a step's record, so a recording could not reproduce it.
 */
import type { LocalPieces } from '@piecework/engine';
import { BUILTIN_PIECES, createPieceRunner, WEBHOOK_PIECE_NAME } from '@piecework/pieces';
import { FORMS_PIECE_NAME } from '@piecework/shared';

const RESPONDING_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  [WEBHOOK_PIECE_NAME]: ['return_response'],
  [FORMS_PIECE_NAME]: ['return_response', 'return_markdown', 'return_chat_response'],
};

const LOCAL_URLS = { apiUrl: 'http://localhost/api/', publicUrl: 'http://localhost/api/' };

/** The `LocalPieces` of flow tests: the built-in responding actions, run in-process. */
export function respondingPieces(): LocalPieces {
  const runner = createPieceRunner({
    builtins: BUILTIN_PIECES,
    services: { urls: LOCAL_URLS, ssrfAllowList: [] },
  });
  return {
    runner,
    runs: (request) => RESPONDING_ACTIONS[request.pieceName]?.includes(request.actionName) === true,
  };
}
