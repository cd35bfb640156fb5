/**
 * The OFFICIAL templates this server ships: listed for every platform, read-only. Each is a data
 * file beside this one, typed as a `Template` (checked at build time) and parsed by the
 * `Template` schema in the tests.
 */
import type { Template } from '@piecework/shared';
import { SCHEDULED_STATUS_CHECK } from './scheduled-status-check';
import { SIGNUPS_TO_TABLE } from './signups-to-table';
import { WEBHOOK_TO_HTTP } from './webhook-to-http';

/** Every official template, in the order they are listed. */
export const OFFICIAL_TEMPLATES: readonly Template[] = [
  WEBHOOK_TO_HTTP,
  SCHEDULED_STATUS_CHECK,
  SIGNUPS_TO_TABLE,
];

/** The official template `id`, or undefined. */
export function findOfficialTemplate(id: string): Template | undefined {
  return OFFICIAL_TEMPLATES.find((template) => template.id === id);
}
