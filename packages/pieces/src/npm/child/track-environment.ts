/** What {@link trackEnvironment} gives: the way back to the environment it started with. */
export interface TrackedEnvironment {
  /** Puts back every variable set, changed or deleted since the last restore (nothing to do when none was). */
  restore(): void;
}

/**
 * Replaces `process.env` by a proxy of it that notes the names of the variables a piece sets or
 * deletes, so that putting the environment back after each call touches only those (reading the
 * whole environment back costs microseconds per call; most calls change nothing). Reads and
 * writes reach the real environment as before (Node's `tls` and child processes see them). A
 * piece that replaces `process.env` itself gets the proxy back and the whole environment
 * compared. For a piece process, once, before serving calls.
 */
export function trackEnvironment(): TrackedEnvironment {
  const real = process.env;
  const initial = { ...real };
  const changed = new Set<string>();
  const note = (name: string | symbol) => {
    if (typeof name === 'string') changed.add(name);
  };
  const tracked: NodeJS.ProcessEnv = new Proxy(real, {
    set(target, name, value): boolean {
      note(name);
      return Reflect.set(target, name, value);
    },
    deleteProperty(target, name) {
      note(name);
      return Reflect.deleteProperty(target, name);
    },
    defineProperty(target, name, descriptor) {
      note(name);
      return Reflect.defineProperty(target, name, descriptor);
    },
  });
  process.env = tracked;
  const putBack = (name: string) => {
    const value = initial[name];
    if (value === undefined) delete real[name];
    else if (real[name] !== value) real[name] = value;
  };
  return {
    restore() {
      if (process.env !== tracked) {
        process.env = tracked;
        for (const name of Object.keys(real)) changed.add(name);
        for (const name of Object.keys(initial)) changed.add(name);
      }
      if (changed.size === 0) return;
      for (const name of changed) putBack(name);
      changed.clear();
    },
  };
}
