import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the calling test file with the process in `timeZone` (its `TZ`) and restores it after:
 * for code whose results go through the process's local time, such as dayjs's timezone plugin,
 * so that the tests give the same results on every machine.
 */
export function pinProcessTimeZone(timeZone = 'UTC'): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}
