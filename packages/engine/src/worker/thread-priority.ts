/**
 * Scheduling priority of single threads (Linux, where each thread has a niceness of its own, set
 * through its id in the operating system). A runner lowers the priority of a thread whose run
 * holds it long (a runaway code step), so that the runs of other threads keep their share of the
 * cores; a thread script may lower its own at start. Elsewhere a niceness belongs to the whole
 * process: these functions then change nothing.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The calling thread's id in the operating system (Linux); undefined elsewhere or without /proc. */
export function currentOsThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    // No /proc (a restricted container).
    return undefined;
  }
}

/**
 * Sets the niceness of thread `osThreadId` (0 is the default, 19 the lowest priority) and answers
 * whether it could: lowering needs no privilege, raising it back does (CAP_SYS_NICE or
 * RLIMIT_NICE), so a caller that may raise must handle false.
 */
export function setThreadNiceness(osThreadId: number | undefined, niceness: number): boolean {
  if (osThreadId === undefined || process.platform !== 'linux') return false;
  try {
    setPriority(osThreadId, niceness);
    return true;
  } catch {
    return false;
  }
}

/** The niceness of thread `osThreadId`, or undefined when it cannot be read. */
export function threadNiceness(osThreadId: number | undefined): number | undefined {
  if (osThreadId === undefined || process.platform !== 'linux') return undefined;
  try {
    return getPriority(osThreadId);
  } catch {
    return undefined;
  }
}
