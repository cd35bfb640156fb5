/**
 * Where the built web app is: `dist/app` of the `@piecework/ui` package, found the way Node finds
 * the package (beside the server in a clone, or in `node_modules` where the server is installed).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The folder of the built web app (it holds `index.html`), or undefined when `@piecework/ui` is
 * not installed or not built (the server then serves the API alone).
 */
export function locateWebApp(): string | undefined {
  // In the standalone CommonJS bundle `__filename` is the bundle; in ES modules, import.meta.url.
  const from = typeof __filename === 'string' ? __filename : import.meta.url;
  let manifest: string;
  try {
    manifest = createRequire(from).resolve('@piecework/ui/package.json');
  } catch {
    return undefined;
  }
  const dir = join(dirname(manifest), 'dist', 'app');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}
