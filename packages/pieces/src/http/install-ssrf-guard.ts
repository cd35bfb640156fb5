import { syncBuiltinESMExports } from 'node:module';
import { getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { parseAllowList } from './address-policy';
import { createGuardLookups } from './guard-lookups';
import { patchHttpModules } from './guard-http-modules';
import { patchSocketConnect } from './guard-socket-connect';
import { createSafeDispatcher } from './safe-dispatcher';

/** Options of {@link installSsrfGuard}. */
export interface SsrfGuardOptions {
  /** AP_SSRF_ALLOW_LIST entries (IPs, CIDRs) the filter lets through. Invalid entries throw. */
  allowList: readonly string[];
}

const INSTALLED = Symbol.for('piecework.ssrfGuard.installed');

/**
 * Puts the SSRF filter under every outbound TCP connection of THIS process: meant for the child
 * processes that run npm pieces, whose code (axios, SDKs, `fetch`) we do not control. It
 * - sets undici's global dispatcher to {@link createSafeDispatcher}, so the global `fetch` (and
 *   undici's `request`, `WebSocket`, `EventSource`) are filtered;
 * - replaces `http.globalAgent`/`https.globalAgent` by agents (same options) whose connections
 *   resolve through the SSRF lookup, and wraps
 *   `http.request`/`http.get`/`https.request`/`https.get` so options always carry it (a
 *   caller's own `lookup` is wrapped, an agent without one gets ours);
 * - patches `net.Socket.prototype.connect`, which `net.connect`, `tls.connect`, `http2` and
 *   every agent (custom `createConnection` ones too) end in: an IP literal host is checked
 *   there, any other host resolves through the SSRF lookup (a caller's own wrapped).
 * ESM named imports of the patched builtins are updated (`syncBuiltinESMExports`).
 *
 * What it cannot cover. It filters well-behaved code fed hostile URLs; it is no sandbox against
 * hostile code, which can undo the patches or go around them: `process.binding('tcp_wrap')`,
 * a `Worker` or child process (`curl`) of its own (fresh, unpatched), native addons, a
 * `net.Socket.prototype.connect` saved before installation. Not TCP, so not filtered: `dgram`
 * (UDP) and DNS queries themselves. Unix-socket paths (`socketPath`, e.g. docker.sock) are
 * let through. Through a proxy (an agent or `NODE_USE_ENV_PROXY`), only the proxy's address is
 * checked, not the target's.
 *
 * Installing twice throws. Returns a function that uninstalls the guard (for tests).
 *
 * @example installSsrfGuard({ allowList: process.env.AP_SSRF_ALLOW_LIST?.split(',') ?? [] });
 */
export function installSsrfGuard(options: SsrfGuardOptions): () => void {
  const state = globalThis as { [INSTALLED]?: boolean };
  if (state[INSTALLED]) {
    throw new Error('installSsrfGuard: the SSRF guard is already installed in this process');
  }
  const guard = createGuardLookups(parseAllowList(options.allowList));
  const dispatcher = createSafeDispatcher({ allowList: options.allowList });
  const previousDispatcher = getGlobalDispatcher();
  setGlobalDispatcher(dispatcher);
  const restoreHttp = patchHttpModules(guard);
  const restoreSocket = patchSocketConnect(guard);
  syncBuiltinESMExports();
  state[INSTALLED] = true;
  return () => {
    restoreSocket();
    restoreHttp();
    setGlobalDispatcher(previousDispatcher);
    syncBuiltinESMExports();
    void dispatcher.close().catch(() => undefined);
    state[INSTALLED] = false;
  };
}
