/**
 * The answer of `POST /v1/pieces/options` for one DROPDOWN, MULTI_SELECT_DROPDOWN or DYNAMIC
 * property: asked again when the connection (`input.auth`) or one of the property's `refreshers`
 * changes (once typing in them settles), cached per those values, refetched by the refresh button.
 */
import type { PieceProperty } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../api/session-context';
import { useDebouncedValue } from '../use-debounced-value';
import { refreshKey } from './options-refresh';
import { useOptionsSource } from './options-source';

/** How long typing in a refresher must pause before the options are asked again. */
const REFRESH_DELAY_MS = 400;

/** The options query of property `name` of the enclosing step (disabled outside a step's form). */
export function usePropertyOptions(name: string, property: PieceProperty) {
  const client = useApi();
  const source = useOptionsSource();
  const watched = refreshKey(source?.input, property);
  const settled = useDebouncedValue(watched, REFRESH_DELAY_MS);
  return useQuery({
    queryKey: [
      'piece-options',
      source?.projectId,
      source?.pieceName,
      source?.pieceVersion,
      source?.actionOrTriggerName,
      name,
      settled,
    ],
    enabled: source !== null,
    staleTime: 30_000,
    queryFn: () => {
      if (source === null) throw new Error('no step to compute options for');
      return client.pieces.options({
        projectId: source.projectId,
        pieceName: source.pieceName,
        pieceVersion: source.pieceVersion,
        actionOrTriggerName: source.actionOrTriggerName,
        propertyName: name,
        input: { ...source.input },
        flowId: source.flowId,
        flowVersionId: source.flowVersionId,
      });
    },
  });
}
