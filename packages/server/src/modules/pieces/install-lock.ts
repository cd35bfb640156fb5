/**
 * One install of a piece version at a time across the processes sharing a pieces directory (an
 * app and its workers on one machine): a lock is a folder named after the version,
 * made atomically with `mkdir`, beside the pieces directory (`.piece-install-locks`), so the
 * directory itself holds only installed versions. A process that finds the lock taken waits until it is released,
 * then runs its own step (which finds the version installed and does nothing). A lock older than
 * {@link STALE_LOCK_MS} was left by a process that died mid-install and is broken.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** A lock held longer than this is taken to be left by a dead process (an install takes far less). */
export const STALE_LOCK_MS = 10 * 60_000;

/** How often a waiting process looks whether the lock was released. */
const RECHECK_MS = 250;

/** Runs `step` holding the install lock named `key` in `piecesDir`; releases it after. */
export async function withInstallLock<T>(piecesDir: string, key: string, step: () => Promise<T>): Promise<T> {
  const locks = join(dirname(piecesDir), '.piece-install-locks');
  await mkdir(locks, { recursive: true });
  const lock = join(locks, key.replaceAll('/', '__'));
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lock).catch(() => undefined);
      if (held !== undefined && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await delay(RECHECK_MS);
    }
  }
  try {
    return await step();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
