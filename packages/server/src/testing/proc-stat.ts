/**
 * Reading a process's or a thread's `/proc/.../stat` (Linux), for tests and benchmarks that check
 * what the kernel sees: CPU time, niceness.
 */
import { readFileSync } from 'node:fs';

/**
 * The fields of the stat file at `path` (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`) after
 * the command name, so that index 0 is the state (field 3 of `man 5 proc`): utime is index 11,
 * stime 12, nice 16. The command name is skipped up to its last `)`, as it may hold spaces and
 * parentheses itself.
 */
export function procStatFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
