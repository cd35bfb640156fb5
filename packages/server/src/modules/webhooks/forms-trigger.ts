/**
 * Whether a flow is started by the forms piece (`@activepieces/piece-forms`), and by which of its
 * pages: its form and file triggers by the form page, its chat trigger by the chat page. The
 * webhook routes rate-limit such flows per IP; the pages' routes serve only them.
 */
import {
  CHAT_TRIGGER_NAME,
  FILE_TRIGGER_NAME,
  FORM_TRIGGER_NAME,
  FORMS_PIECE_NAME,
  fullPieceName,
} from '@piecework/shared';
import type { TriggerPiece } from './trigger-piece-check';

/** The page that starts a forms-piece flow. */
export type HumanInputKind = 'form' | 'chat';

/** The page a flow with trigger `piece` is started from, or null when it is not a forms-piece trigger. */
export function humanInputKindOf(
  piece: Pick<NonNullable<TriggerPiece>, 'name' | 'triggerName'> | null,
): HumanInputKind | null {
  if (piece === null || fullPieceName(piece.name) !== FORMS_PIECE_NAME) return null;
  switch (piece.triggerName) {
    case FORM_TRIGGER_NAME:
    case FILE_TRIGGER_NAME:
      return 'form';
    case CHAT_TRIGGER_NAME:
      return 'chat';
    default:
      return null;
  }
}
