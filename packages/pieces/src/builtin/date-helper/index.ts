import { createPiece } from '../../framework/create-piece';
import { addSubtractDate } from './add-subtract-date';
import { dateDifference } from './date-difference';
import { extractDateParts } from './extract-date-parts';
import { firstDayOfPreviousMonth } from './first-day-of-previous-month';
import { formatDateAction } from './format-date';
import { getCurrentDate } from './get-current-date';
import { lastDayOfPreviousMonth } from './last-day-of-previous-month';
import { nextDayOfWeek } from './next-day-of-week';
import { nextDayOfYear } from './next-day-of-year';

/**
 * `@activepieces/piece-date-helper`: current date, formatting, date units, arithmetic,
 * differences, the next day of a week or year and the first/last day of the previous month.
 */
export const dateHelperPiece = createPiece({
  name: '@activepieces/piece-date-helper',
  displayName: 'Date Helper',
  description: 'Effortlessly manipulate, format, and extract time units for all your date and time needs.',
  logoUrl: 'https://cdn.activepieces.com/pieces/calendar_piece.svg',
  authors: ['Salem-Alaa', 'joeworkman'],
  version: '0.1.27',
  categories: ['CORE'],
  minimumSupportedRelease: '0.8.0',
  actions: [
    getCurrentDate,
    formatDateAction,
    extractDateParts,
    dateDifference,
    addSubtractDate,
    nextDayOfWeek,
    nextDayOfYear,
    firstDayOfPreviousMonth,
    lastDayOfPreviousMonth,
  ],
  triggers: [],
});
