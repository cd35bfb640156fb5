import type { PieceServices } from './piece-services';
import type { TablesHost } from './tables-host';

/**
 * What built-in actions need from their host besides the action context: the SSRF allow list
 * for outbound requests, the clock, and in-process waiting. Whoever builds a built-in action's
 * context binds it ({@link bindBuiltinEnv}, as {@link callBuiltinAction} does); a context nobody
 * bound gets {@link DEFAULT_BUILTIN_ENV}.
 */
export interface BuiltinEnv {
  /** AP_SSRF_ALLOW_LIST: IPs and CIDRs outbound requests may reach although they are private. */
  ssrfAllowList: readonly string[];
  /** Milliseconds since the epoch. */
  now(): number;
  /** Waits `ms` milliseconds (short delays wait in-process). */
  sleep(ms: number): Promise<void>;
  /** The run's abort signal (`PieceRunRequest.signal`): every outbound request is aborted with it. */
  signal?: AbortSignal;
  /** The host's tables (the tables piece); absent where no server serves them. */
  tables?: TablesHost;
}

/** The environment of an unbound context: nothing private is reachable, real clock, real waits. */
export const DEFAULT_BUILTIN_ENV: BuiltinEnv = {
  ssrfAllowList: [],
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const environments = new WeakMap<object, BuiltinEnv>();

/** Binds `env` to a context object (an action or trigger context) and returns that object. */
export function bindBuiltinEnv<T extends object>(ctx: T, env: BuiltinEnv): T {
  environments.set(ctx, env);
  return ctx;
}

/** The environment bound to `ctx`, or {@link DEFAULT_BUILTIN_ENV}. */
export function builtinEnv(ctx: object): BuiltinEnv {
  return environments.get(ctx) ?? DEFAULT_BUILTIN_ENV;
}

/**
 * The environment of a call with these services: their allow list, clock and tables; `sleep`
 * and the run's `signal` as given.
 */
export function builtinEnvFrom(
  services: Pick<PieceServices, 'ssrfAllowList' | 'now' | 'tables'>,
  sleep: (ms: number) => Promise<void> = DEFAULT_BUILTIN_ENV.sleep,
  signal?: AbortSignal,
): BuiltinEnv {
  return {
    ssrfAllowList: services.ssrfAllowList,
    now: () => services.now(),
    sleep,
    ...(signal ? { signal } : {}),
    ...(services.tables ? { tables: services.tables } : {}),
  };
}
