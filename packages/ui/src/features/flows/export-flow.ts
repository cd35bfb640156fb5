/**
 * "Export" of the flows list: downloads a flow's shared template (`GET /v1/flows/:id/template`,
 * what Activepieces' "Export flow" downloads) as `<flow name>.json`, a file the import
 * of this app, of Activepieces and `piecework flows import` take back.
 */
import type { PieceworkClient } from '@piecework/client';
import type { PopulatedFlow } from '@piecework/shared';

/** A file name for `displayName`: characters file systems refuse replaced, never empty. */
export function exportFileName(displayName: string): string {
  const safe = [...displayName]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${safe === '' ? 'flow' : safe.slice(0, 120)}.json`;
}

/** Downloads `flow`'s export through the browser. */
export async function exportFlow(client: PieceworkClient, flow: PopulatedFlow): Promise<void> {
  const template = await client.flows.getTemplate(flow.id);
  const blob = new Blob([`${JSON.stringify(template, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(flow.version.displayName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely read it (a download starts reading after the click returns).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
