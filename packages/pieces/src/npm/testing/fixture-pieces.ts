import { fileURLToPath } from 'node:url';
import { createPieceResolver, type PieceResolver } from '../resolve-piece';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const packageDir = fileURLToPath(new URL('../../../', import.meta.url));

/** The fake piece packages of `fixtures/` (`@fixtures/piece-hang`, ...), all version 1.0.0. */
export const FIXTURES = {
  echo: ['@fixtures/piece-echo', '1.0.0'],
  hang: ['@fixtures/piece-hang', '1.0.0'],
  throw: ['@fixtures/piece-throw', '1.0.0'],
  exit: ['@fixtures/piece-exit', '1.0.0'],
  tls: ['@fixtures/piece-tls', '1.0.0'],
  legacy: ['@fixtures/piece-legacy', '1.0.0'],
  network: ['@fixtures/piece-network', '1.0.0'],
} as const;

/** The real packages installed as devDependencies of this package. */
export const REAL_PIECES = {
  webhook: ['@activepieces/piece-webhook', '0.1.29'],
  store: ['@activepieces/piece-store', '0.6.20'],
  subflows: ['@activepieces/piece-subflows', '0.6.3'],
  slack: ['@activepieces/piece-slack', '0.17.9'],
  openai: ['@activepieces/piece-openai', '0.3.18'],
  delay: ['@activepieces/piece-delay', '0.3.26'],
  dataMapper: ['@activepieces/piece-data-mapper', '0.3.15'],
  schedule: ['@activepieces/piece-schedule', '0.1.5'],
  mysql: ['@activepieces/piece-mysql', '0.2.7'],
} as const;

/** Real packages built on the pre-rename `@activepieces/framework` 0.2.0 (devDependencies too). */
export const PRE_RENAME_PIECES = {
  discord: ['@activepieces/piece-discord', '0.2.0'],
  gmail: ['@activepieces/piece-gmail', '0.2.0'],
  telegramBot: ['@activepieces/piece-telegram-bot', '0.2.0'],
  trello: ['@activepieces/piece-trello', '0.2.0'],
} as const;

/** Finds fixtures in `fixtures/` and real pieces in node_modules from this package up. */
export function testResolver(): PieceResolver {
  const installed = createPieceResolver({ from: packageDir });
  return async (name, version) => {
    if (name.startsWith('@fixtures/')) return `${fixturesDir}${name.slice('@fixtures/'.length)}`;
    return installed(name, version);
  };
}
