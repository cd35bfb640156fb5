import { safeFetch } from '../../http/safe-fetch';
import { builtinEnv } from '../../context/builtin-env';

/**
 * Every outbound request of a built-in piece goes through here: the SSRF-filtered client, with
 * the allow list bound to the calling context (see {@link bindBuiltinEnv}), aborted with the run
 * (the bound `signal`) as well as by the caller's own `init.signal`.
 */
export function pieceFetch(ctx: object, url: string, init: RequestInit): Promise<Response> {
  const env = builtinEnv(ctx);
  const signal = eitherSignal(init.signal ?? undefined, env.signal);
  return safeFetch(url, { ...init, ...(signal ? { signal } : {}) }, { allowList: env.ssrfAllowList });
}

/** A signal aborted when either is (the run's signal is per piece call, so it is short-lived). */
function eitherSignal(own: AbortSignal | undefined, run: AbortSignal | undefined): AbortSignal | undefined {
  if (!own || !run) return own ?? run;
  return AbortSignal.any([own, run]);
}
