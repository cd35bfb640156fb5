import { safeFetch } from '../../http/safe-fetch';
import { builtinEnv } from './builtin-env';

/**
 * Every outbound request of a built-in piece goes through here: the SSRF-filtered client, with
 * the allow list bound to the calling context (see {@link bindBuiltinEnv}).
 */
export function pieceFetch(ctx: object, url: string, init: RequestInit): Promise<Response> {
  return safeFetch(url, init, { allowList: builtinEnv(ctx).ssrfAllowList });
}
