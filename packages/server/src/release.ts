/**
 * The release this server is: workers and the app must run the same one.
 * Kept equal to `packages/server/package.json`'s version (a test checks it).
 */
export const PIECEWORK_RELEASE = '0.0.0';
