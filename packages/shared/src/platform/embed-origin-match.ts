/**
 * Whether a page's origin is one of the allowed embed origins. The web app checks its parent page
 * with it, and the server uses it to tell whether an origin is already allowed. Browsers enforce
 * the same rule on `Content-Security-Policy: frame-ancestors` themselves.
 */

interface OriginParts {
  scheme: string;
  host: string;
  port: string;
}

const ORIGIN = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/:?#]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?$/;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

function originParts(origin: string): OriginParts | null {
  const match = ORIGIN.exec(origin.trim());
  if (match === null) return null;
  const scheme = match[1]!.toLowerCase();
  const port = match[3] ?? DEFAULT_PORTS[scheme] ?? '';
  return { scheme, host: match[2]!.toLowerCase(), port: port === DEFAULT_PORTS[scheme] ? '' : port };
}

/**
 * Whether `origin` (as a browser reports it: `https://app.example.com`) is allowed by `pattern`
 * (an exact origin, or one whose host starts with `*.`). Scheme and port must be equal (default
 * ports may be written or left out). `https://*.example.com` matches one or more subdomain labels
 * (`a.example.com`, `a.b.example.com`), never `example.com` itself nor a look-alike such as
 * `example.com.evil.io` or `evilexample.com`.
 *
 * @example
 * ```ts
 * embedOriginMatches('https://*.example.com', 'https://app.example.com'); // true
 * embedOriginMatches('https://*.example.com', 'https://example.com'); // false
 * ```
 */
export function embedOriginMatches(pattern: string, origin: string): boolean {
  const allowed = originParts(pattern);
  const actual = originParts(origin);
  if (allowed === null || actual === null) return false;
  if (allowed.scheme !== actual.scheme || allowed.port !== actual.port) return false;
  if (!allowed.host.startsWith('*.')) return allowed.host === actual.host;
  const suffix = allowed.host.slice(1); // ".example.com"
  const labels = actual.host.slice(0, -suffix.length);
  return (
    actual.host.endsWith(suffix) &&
    labels.length > 0 &&
    !labels.startsWith('.') &&
    !actual.host.startsWith('[')
  );
}

/** Whether `origin` is allowed by any of `patterns` ({@link embedOriginMatches}). */
export function isAllowedEmbedOrigin(patterns: readonly string[], origin: string): boolean {
  return patterns.some((pattern) => embedOriginMatches(pattern, origin));
}
