/**
 * `npm run build`: builds every package with tsup, one after another in dependency order
 * (tsup runs an array of configurations in parallel, and a package's `.d.ts` build needs the
 * `.d.ts` of the packages it imports).
 */
import { build } from 'tsup';
import { packageBuilds, standaloneServerBuild } from '../tsup.config';

for (const options of [...packageBuilds, standaloneServerBuild]) {
  await build({ ...options, silent: true, config: false });
  process.stdout.write(`built ${String(options.name)}\n`);
}
