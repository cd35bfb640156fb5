/**
 * "New connection": creates a connection of a piece's auth type in the project
 * (`POST /v1/app-connections`) and hands it to the caller (the builder's connection picker
 * selects it; the connections page lists it). Loads the piece's auth, the project's connections
 * (to suggest a free external id) and, for OAuth2 pieces, the platform's OAuth2 apps, then shows
 * the form (`new-connection/new-connection-form.tsx`).
 */
import type { AppConnection, OAuthApp } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { usePiece } from '../../api/use-pieces';
import { Dialog } from '../../components/dialog';
import { Loading } from '../../components/loading';
import { ErrorNotice } from '../../components/query-state';
import { WithoutDataSelector } from '../builder/step-settings/data-selector/data-selector-context';
import { OptionsSourceProvider } from '../builder/step-settings/properties/options-source';
import { NewConnectionForm } from './new-connection/new-connection-form';
import { connectionsKey } from './use-connections';
import './new-connection/new-connection.css';

/** Props of {@link NewConnectionDialog}. */
export interface NewConnectionDialogProps {
  projectId: string;
  /** The piece the connection is for (`@activepieces/piece-slack`). */
  pieceName: string;
  /**
   * Save under this external id, shown fixed, replacing the project's connection of that id
   * (embed's `connect({connectionName})`). Default: a free id is suggested and editable.
   */
  externalId?: string | undefined;
  /** Called with the created connection. */
  onCreated: (connection: AppConnection) => void;
  onClose: () => void;
}

/** Creates a connection of the piece's auth type. */
export function NewConnectionDialog({
  projectId,
  pieceName,
  externalId,
  onCreated,
  onClose,
}: NewConnectionDialogProps) {
  const client = useApi();
  const piece = usePiece(projectId, pieceName);
  const auths = piece.data === undefined ? [] : [piece.data.auth ?? []].flat();
  const wantsOAuth2 = auths.some((auth) => auth.type === 'OAUTH2');
  const existing = useQuery({
    queryKey: connectionsKey(projectId),
    queryFn: async (): Promise<AppConnection[]> =>
      (await client.appConnections.list({ projectId, limit: 100 })).data,
  });
  const apps = useQuery({
    queryKey: ['oauth-apps'],
    enabled: wantsOAuth2,
    queryFn: async (): Promise<OAuthApp[]> => (await client.oauthApps.list({ limit: 100 })).data,
  });
  const failed = piece.error ?? existing.error;
  const loading = piece.isPending || existing.isPending || (wantsOAuth2 && apps.isPending);
  return (
    <Dialog title={`New ${piece.data?.displayName ?? pieceName} connection`} onClose={onClose}>
      <WithoutDataSelector>
        <OptionsSourceProvider value={null}>
          {failed !== null ? (
            <ErrorNotice error={failed} />
          ) : loading || piece.data === undefined || existing.data === undefined ? (
            <Loading label="Loading the piece" />
          ) : (
            <NewConnectionForm
              projectId={projectId}
              piece={piece.data}
              existing={existing.data}
              externalId={externalId}
              platformApp={apps.data?.find((app) => app.pieceName === pieceName)}
              onCreated={onCreated}
              onCancel={onClose}
            />
          )}
        </OptionsSourceProvider>
      </WithoutDataSelector>
    </Dialog>
  );
}
