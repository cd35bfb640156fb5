/**
 * `npm run build`: builds every package with tsup, one after another in dependency order
 * (tsup runs an array of configurations in parallel, and a package's `.d.ts` build needs the
 * `.d.ts` of the packages it imports), then the web app with Vite (`packages/ui/dist/app`, which
 * the server serves at `/`).
 */
import { build } from 'tsup';
import { build as buildWebApp } from 'vite';
import { embedScriptTagBuild, packageBuilds, standaloneServerBuild } from '../tsup.config';

for (const options of [...packageBuilds, embedScriptTagBuild, standaloneServerBuild]) {
  await build({ ...options, silent: true, config: false });
  process.stdout.write(`built ${String(options.name)}\n`);
}
await buildWebApp({ configFile: 'packages/ui/vite.config.ts', logLevel: 'warn' });
process.stdout.write('built ui (web app)\n');
