/**
 * The palette's "Go to" commands: the project's pages (flows, runs, connections, tables,
 * settings), offered on every signed-in page.
 */
import type { NavigateFunction } from 'react-router';
import type { PaletteCommand } from './command-registry';

const PAGES = [
  { label: 'Flows', path: 'flows', keywords: ['home', 'automations'] },
  { label: 'Runs', path: 'runs', keywords: ['history', 'executions'] },
  { label: 'Connections', path: 'connections', keywords: ['credentials', 'accounts'] },
  { label: 'Tables', path: 'tables', keywords: ['data'] },
  { label: 'Settings (members)', path: 'members', keywords: ['settings', 'members', 'team'] },
] as const;

/** "Go to Flows" and the others for project `projectId`. */
export function pageCommands(projectId: string, navigate: NavigateFunction): PaletteCommand[] {
  return PAGES.map((page) => ({
    id: `go:${page.path}`,
    label: `Go to ${page.label}`,
    group: 'Go to',
    keywords: page.keywords,
    run: () => void navigate(`/projects/${projectId}/${page.path}`),
  }));
}
