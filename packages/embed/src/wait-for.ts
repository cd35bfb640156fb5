/**
 * Polling for something the host page may not have yet (the container element, `document.body`
 * of a script loaded in `<head>`): the Activepieces embed SDK's grace period of 100 x 100 ms.
 */

/** How long to keep looking: `attempts` more checks, `intervalMs` apart. */
export interface WaitOptions {
  attempts: number;
  intervalMs: number;
}

/** Activepieces' grace period: 100 checks, 100 ms apart (10 s). */
export const GRACE_PERIOD: WaitOptions = { attempts: 100, intervalMs: 100 };

/** Resolves what `find` returns once it is not null/undefined, or null when the attempts run out. */
export function waitFor<T>(
  find: () => T | null | undefined,
  options: WaitOptions = GRACE_PERIOD,
): Promise<T | null> {
  return new Promise((resolve) => {
    let left = options.attempts;
    const check = () => {
      const found = find();
      if (found !== null && found !== undefined) return resolve(found);
      if (left-- <= 0) return resolve(null);
      setTimeout(check, options.intervalMs);
    };
    check();
  });
}
