/**
 * Makes sure the built web app the server serves is that of the current sources: builds it with
 * Vite when `packages/ui/dist/app` is missing or older than any source file of the app or of the
 * embed SDK it carries (`sdk/piecework-embed.js`). `npm test` builds
 * first, so there this costs a look at file times.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const uiDir = fileURLToPath(new URL('../..', import.meta.url));
const builtIndex = join(uiDir, 'dist/app/index.html');

/** The newest modification time of the files under `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds the web app unless its build is newer than its sources (the embed SDK's included). */
export async function ensureWebAppBuilt(): Promise<void> {
  const sources = Math.max(
    newest(join(uiDir, 'src')),
    newest(join(uiDir, '../embed/src')),
    statSync(join(uiDir, 'index.html')).mtimeMs,
  );
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sources) return;
  // Vite keeps a NODE_ENV it finds, and vitest sets it to "test": React's development build would
  // be bundled, unlike the app users get (and larger and slower in the bench). Build for production.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ configFile: join(uiDir, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}
