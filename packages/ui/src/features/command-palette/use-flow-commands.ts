/**
 * The palette's "Open flow" commands: the project's flows (the first 100, read through
 * `@piecework/client` while the palette is open, then filtered by the palette's search), each
 * opening the builder.
 */
import type { Page, PopulatedFlow } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NavigateFunction } from 'react-router';
import { useApi } from '../../api/session-context';
import type { PaletteCommand } from './command-registry';

const LIMIT = 100;

/** "Open flow <name>" for the flows of `projectId`, read while `open`. */
export function useFlowCommands(
  projectId: string | undefined,
  open: boolean,
  navigate: NavigateFunction,
): { commands: PaletteCommand[]; loading: boolean } {
  const client = useApi();
  const flows = useQuery({
    // Under ['flows', projectId], so a change to the project's flows refreshes it.
    queryKey: ['flows', projectId, 'command-palette'],
    queryFn: (): Promise<Page<PopulatedFlow>> =>
      client.flows.list({ projectId: projectId ?? '', limit: LIMIT }),
    enabled: open && projectId !== undefined,
  });
  const commands = useMemo(
    () =>
      (flows.data?.data ?? []).map((flow): PaletteCommand => ({
        id: `open-flow:${flow.id}`,
        label: `Open flow ${flow.version.displayName}`,
        group: 'Open flow',
        run: () => void navigate(`/projects/${projectId ?? ''}/flows/${flow.id}`),
      })),
    [flows.data, navigate, projectId],
  );
  return { commands, loading: flows.isPending && flows.fetchStatus === 'fetching' };
}
