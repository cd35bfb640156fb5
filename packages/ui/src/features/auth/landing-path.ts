/**
 * Where the app goes once someone signs in: the `from` of `/sign-in?from=...` when it is a path
 * of this app, else `/`. Use it for every redirect after sign-in so a crafted link cannot send a
 * user to another site (`//evil.example`) or back to a signed-out page.
 */

const SIGNED_OUT_PAGES = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/redirect',
];

/** `from` when it is a safe in-app path, else `/`. */
export function landingPath(from: string | null | undefined): string {
  if (from === null || from === undefined || !from.startsWith('/')) return '/';
  if (from.startsWith('//') || from.startsWith('/\\')) return '/';
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  return SIGNED_OUT_PAGES.includes(pathname) ? '/' : from;
}

/** A signed-out page's URL carrying `from` on (e.g. from sign-in to sign-up), or `path` alone. */
export function withFrom(path: string, from: string | null): string {
  return from === null ? path : `${path}?from=${encodeURIComponent(from)}`;
}
