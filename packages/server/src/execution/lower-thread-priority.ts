/**
 * The server's engine threads run at a lower scheduling priority than the thread that answers
 * HTTP and writes the database. On this 2-core class of machine every thread competes for the
 * cores, and the kernel lets a thread it wakes run at once in place of the one that woke it: each
 * time the main thread handed a run to an engine thread (one `postMessage`), it lost its core for
 * the length of that run — measured at 16 concurrent webhook runs, `postMessage` took 420-780 µs
 * of the main thread's wall time per run at equal priority and 52-55 µs with the engine threads
 * at niceness 10. The main thread, which every run needs, keeps its core; engine threads still
 * get every core the main thread leaves idle.
 */
import { currentOsThreadId, setThreadNiceness } from '@piecework/engine/worker';

/** The niceness the server gives its engine threads (0 is the default, 19 the lowest priority). */
export const ENGINE_THREAD_NICENESS = 10;

/**
 * Lowers the scheduling priority of the calling thread alone to `niceness` and answers whether it
 * could. Only on Linux, where a thread has a niceness of its own (set through its thread id, read
 * from `/proc/thread-self`); elsewhere a niceness belongs to the whole process, so nothing is
 * changed and false is answered. Lowering needs no privilege. Call it at the start of a worker
 * thread whose work may wait for the main thread's (never on the main thread).
 */
export function lowerThreadPriority(niceness: number = ENGINE_THREAD_NICENESS): boolean {
  return setThreadNiceness(currentOsThreadId(), niceness);
}

/**
 * The niceness of an engine thread whose run has held it long (a runaway code step, a slow
 * call): the lowest, so that such runs take only what the runs of other threads leave.
 */
export const HELD_ENGINE_THREAD_NICENESS = 19;
