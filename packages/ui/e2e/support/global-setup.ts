/** Vitest global setup of the `ui` project: the web app is built from the current sources. */
import { ensureWebAppBuilt } from './web-app-build';

/** Builds the web app when its sources changed since the last build. */
export async function setup(): Promise<void> {
  await ensureWebAppBuilt();
}
