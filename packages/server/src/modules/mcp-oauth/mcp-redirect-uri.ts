/**
 * Which redirect URIs a client may register (RFC 7591 §2, RFC 8252, OAuth 2.1 §2.3.1): absolute
 * URIs without fragment or user info, at most {@link MAX_REDIRECT_URI_LENGTH} characters, with
 * - `https:` on any host;
 * - `http:` only on a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`: native apps, RFC 8252 §7.3);
 * - a private-use scheme of a native app (RFC 8252 §7.1): a scheme containing a `.`
 *   (`com.example.app:/cb`), or one of {@link NATIVE_APP_SCHEMES} (editors and assistants that
 *   register such a plain scheme).
 * Everything else (`javascript:`, `data:`, `file:`, `blob:`, `vbscript:`, `about:`, other `http:`,
 * other schemes) is refused. `/authorize` later compares a redirect URI with the registered ones
 * exactly, as strings.
 */

/** The longest redirect URI accepted. */
export const MAX_REDIRECT_URI_LENGTH = 2000;

/** The most redirect URIs one client may register. */
export const MAX_REDIRECT_URIS = 10;

/** Plain private-use schemes of known MCP clients, accepted besides reverse-domain schemes. */
export const NATIVE_APP_SCHEMES: ReadonlySet<string> = new Set([
  'cursor',
  'vscode',
  'vscode-insiders',
  'windsurf',
  'claude',
]);

/** Schemes that run or embed content rather than reach an app: never a redirect URI. */
const DANGEROUS_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'data',
  'file',
  'blob',
  'vbscript',
  'about',
]);

/** Why `uri` cannot be a redirect URI, or `undefined` when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_REDIRECT_URI_LENGTH) {
    return `is longer than ${String(MAX_REDIRECT_URI_LENGTH)} characters`;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(uri)) return 'contains whitespace or control characters';
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) return 'is not an absolute URI';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (DANGEROUS_SCHEMES.has(scheme)) return `uses the ${scheme}: scheme, which is not allowed`;
  if (uri.includes('#')) return 'has a fragment (#), which a redirect URI must not have';
  if (url.username !== '' || url.password !== '')
    return 'carries user info (user@host), which is not allowed';
  if (scheme === 'https') return url.hostname === '' ? 'has no host' : undefined;
  if (scheme === 'http') {
    return isLoopbackHost(url.hostname)
      ? undefined
      : 'uses http: on a host other than loopback (localhost, 127.0.0.1, [::1]); use https:';
  }
  if (scheme.includes('.') || NATIVE_APP_SCHEMES.has(scheme)) return undefined;
  return `uses the ${scheme}: scheme; use https:, http: on loopback, or a private-use scheme such as com.example.app:`;
}

/** Whether `hostname` (as `URL` parses it) is a loopback host. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
