import { createPiece } from '../../framework/create-piece';
import { cronExpression } from './cron-expression';
import { everyDay } from './every-day';
import { everyHour } from './every-hour';
import { everyMonth } from './every-month';
import { everyWeek } from './every-week';
import { everyXMinutes } from './every-x-minutes';
import { SCHEDULE_PIECE_NAME } from './schedule-of-trigger';

/** `@activepieces/piece-schedule`: polling triggers whose `onEnable` sets a cron schedule. */
export const schedulePiece = createPiece({
  name: SCHEDULE_PIECE_NAME,
  displayName: 'Schedule',
  description: 'Trigger flow with fixed schedule',
  logoUrl: 'https://cdn.activepieces.com/pieces/schedule.png',
  authors: [],
  version: '0.1.5',
  categories: ['CORE'],
  minimumSupportedRelease: '0.5.0',
  actions: [],
  triggers: [everyXMinutes, everyHour, everyDay, everyWeek, everyMonth, cronExpression],
});

export { nextScheduledTime } from './schedule-common';
export type { SchedulePlan } from './schedule-common';
export { SCHEDULE_PIECE_NAME, scheduleOfTrigger } from './schedule-of-trigger';
