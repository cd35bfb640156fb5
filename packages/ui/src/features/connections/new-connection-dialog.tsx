/**
 * "New connection": creates a connection of a piece's auth type in the project
 * (`POST /v1/app-connections`) and hands it to the caller (the builder's connection picker
 * selects it; the connections page lists it). Loads the piece's auth, the project's connections
 * (to suggest a free external id) and, for OAuth2 pieces, the platform's OAuth2 apps, then shows
 * the form (`new-connection/new-connection-form.tsx`).
 */
import type { AppConnection, OAuthApp, UpsertAppConnectionRequest } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  /**
   * Where the connection is stored and which external ids are taken, when not the project's
   * connections (global connections): the connections whose ids are taken, the save, what a taken
   * id is refused with, the title and the caller's extra fields.
   */
  target?: ConnectionTarget | undefined;
  /** Called with the created connection. */
  onCreated: (connection: AppConnection) => void;
  onClose: () => void;
}

/** Where a {@link NewConnectionDialog} stores its connection, when not in the project. */
export interface ConnectionTarget {
  /** The connections whose external ids are taken (undefined while they load). */
  existing: readonly AppConnection[] | undefined;
  save: (request: UpsertAppConnectionRequest) => Promise<AppConnection>;
  takenMessage: string;
  /** The dialog's title, given the piece's display name. */
  title: (pieceDisplayName: string) => string;
  /** Fields after the credentials. */
  fields: ReactNode;
}

/** Creates a connection of the piece's auth type. */
export function NewConnectionDialog({
  projectId,
  pieceName,
  externalId,
  target,
  onCreated,
  onClose,
}: NewConnectionDialogProps) {
  const client = useApi();
  const piece = usePiece(projectId, pieceName);
  const auths = piece.data === undefined ? [] : [piece.data.auth ?? []].flat();
  const wantsOAuth2 = auths.some((auth) => auth.type === 'OAUTH2');
  const existing = useQuery({
    queryKey: connectionsKey(projectId),
    enabled: target === undefined,
    queryFn: async (): Promise<AppConnection[]> =>
      (await client.appConnections.list({ projectId, limit: 100 })).data,
  });
  const apps = useQuery({
    queryKey: ['oauth-apps'],
    enabled: wantsOAuth2,
    queryFn: async (): Promise<OAuthApp[]> => (await client.oauthApps.list({ limit: 100 })).data,
  });
  const taken = target === undefined ? existing.data : target.existing;
  const failed = piece.error ?? existing.error;
  const loading = piece.isPending || taken === undefined || (wantsOAuth2 && apps.isPending);
  const pieceTitle = piece.data?.displayName ?? pieceName;
  return (
    <Dialog
      title={target === undefined ? `New ${pieceTitle} connection` : target.title(pieceTitle)}
      onClose={onClose}
    >
      <WithoutDataSelector>
        <OptionsSourceProvider value={null}>
          {failed !== null ? (
            <ErrorNotice error={failed} />
          ) : loading || piece.data === undefined || taken === undefined ? (
            <Loading label="Loading the piece" />
          ) : (
            <NewConnectionForm
              projectId={projectId}
              piece={piece.data}
              existing={taken}
              externalId={externalId}
              save={target?.save}
              takenMessage={target?.takenMessage}
              platformApp={apps.data?.find((app) => app.pieceName === pieceName)}
              onCreated={onCreated}
              onCancel={onClose}
            >
              {target?.fields}
            </NewConnectionForm>
          )}
        </OptionsSourceProvider>
      </WithoutDataSelector>
    </Dialog>
  );
}
