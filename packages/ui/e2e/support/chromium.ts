/**
 * Debian's Chromium, driven by playwright-core, for every browser test. There is no download of a
 * browser: the tests use the machine's (`apt-get install chromium`; `.ci/run` installs it), or
 * `PIECEWORK_CHROMIUM`. Without one the tests fail with a message saying so — never skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium executable to drive; throws a clear error when there is none. */
export function chromiumExecutable(): string {
  const configured = process.env['PIECEWORK_CHROMIUM'];
  if (configured !== undefined && configured !== '') {
    if (!existsSync(configured)) throw new Error(`PIECEWORK_CHROMIUM=${configured} does not exist`);
    return configured;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(
      'The web app tests need Chromium and none is installed: run `apt-get install -y chromium` ' +
        '(Debian), or set PIECEWORK_CHROMIUM to a Chromium executable.',
    );
  }
  return found;
}

/**
 * Starts headless Chromium. The flags keep it off the network beyond loopback (background
 * networking, component updates, sync) and let it run as root in a container.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
