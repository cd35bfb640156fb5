import { createPiece } from '../../framework/create-piece';
import { cronExpression } from './cron-expression';
import { everyDay } from './every-day';
import { everyHour } from './every-hour';
import { everyMonth } from './every-month';
import { everyWeek } from './every-week';
import { everyXMinutes } from './every-x-minutes';

/** `@activepieces/piece-schedule`: polling triggers whose `onEnable` sets a cron schedule. */
export const schedulePiece = createPiece({
  name: '@activepieces/piece-schedule',
  displayName: 'Schedule',
  description: 'Trigger flow with fixed schedule',
  logoUrl: 'https://cdn.activepieces.com/pieces/schedule.png',
  authors: [],
  version: '0.1.5',
  actions: [],
  triggers: [everyXMinutes, everyHour, everyDay, everyWeek, everyMonth, cronExpression],
});
