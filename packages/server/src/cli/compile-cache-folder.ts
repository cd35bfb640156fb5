import { lstatSync, mkdirSync } from 'node:fs';

/**
 * Opens `dir` as a folder of code caches: creates it (mode 0700, its parent must exist) when it
 * does not exist, then checks that it is a real folder (not a link), owned by this process's user
 * and writable by no one else: a code cache is bytecode the process runs, so a folder someone else
 * owns or can write is never read. Answers undefined when it is usable, else why not (a read-only
 * install, a folder of another user, group- or world-writable); never throws. Use it before
 * reading or writing a cache in `dir`; on a platform without user ids (Windows) no folder is usable.
 */
export function openCompileCacheFolder(dir: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return 'no user ids on this platform';
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return `cannot create it (${errorCode(error)})`;
  }
  try {
    const stats = lstatSync(dir);
    if (!stats.isDirectory()) return 'not a folder';
    if (stats.uid !== uid) return `owned by user ${String(stats.uid)}`;
    if ((stats.mode & 0o022) !== 0) return 'writable by others';
    return undefined;
  } catch (error) {
    return `cannot read it (${errorCode(error)})`;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
