import { createPiece } from '../../framework/create-piece';
import { addSubtractDate } from './add-subtract-date';
import { dateDifference } from './date-difference';
import { formatDateAction } from './format-date';
import { getCurrentDate } from './get-current-date';

/** `@activepieces/piece-date-helper`: current date, formatting, arithmetic and differences. */
export const dateHelperPiece = createPiece({
  name: '@activepieces/piece-date-helper',
  displayName: 'Date Helper',
  description: 'Effortlessly manipulate, format, and extract time units for all your date and time needs.',
  logoUrl: 'https://cdn.activepieces.com/pieces/calendar_piece.svg',
  authors: ['Salem-Alaa', 'joeworkman'],
  version: '0.1.27',
  actions: [getCurrentDate, formatDateAction, dateDifference, addSubtractDate],
  triggers: [],
});
