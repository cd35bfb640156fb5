/**
 * `/embed/connections`, the frame of the host's `connect()`: after sign-in it checks the request
 * (`connect-request.ts`), finds the piece, and shows the new-connection dialog over the whole
 * frame. The host hears `CLIENT_SHOW_CONNECTION_IFRAME` once the dialog shows, then
 * `CLIENT_NEW_CONNECTION_DIALOG_CLOSED` with the saved connection (`name` = its external id) or,
 * on cancel, without one. With `connectionName` the connection is saved under that external id,
 * replacing the project's connection of that id (reconnect).
 */
import { EmbedClientEvent, type AppConnection } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/session-context';
import { Loading } from '../components/loading';
import { ErrorNotice } from '../components/query-state';
import { NewConnectionDialog } from '../features/connections/new-connection-dialog';
import { connectRequestOf, findPieceName, type ConnectRequest } from './connect-request';
import type { EmbedChannel } from './embed-channel';
import { EmbedNotice } from './embed-notice';

/** Props of {@link EmbedConnectionPage}. */
export interface EmbedConnectionPageProps {
  channel: EmbedChannel;
  projectId: string;
  /** The page's query (`?pieceName=&connectionName=&randomId=`). */
  search: string;
}

/** The connect frame's content. */
export function EmbedConnectionPage({ channel, projectId, search }: EmbedConnectionPageProps) {
  const [request] = useState(() => connectRequestOf(search));
  const refused = 'error' in request;
  useEffect(() => {
    if (!refused) return;
    channel.post(
      request.kind === 'NAME_IS_INVALID'
        ? { type: EmbedClientEvent.CLIENT_CONNECTION_NAME_IS_INVALID, data: { error: request.error } }
        : { type: EmbedClientEvent.CLIENT_CONNECTION_PIECE_NOT_FOUND, data: { error: request.error } },
    );
  }, [channel, request, refused]);
  if (refused) return <EmbedNotice title="Cannot connect" message={request.error} />;
  return <ConnectPiece channel={channel} projectId={projectId} request={request} />;
}

/** Finds the piece asked for, then shows its dialog. */
function ConnectPiece({
  channel,
  projectId,
  request,
}: {
  channel: EmbedChannel;
  projectId: string;
  request: ConnectRequest;
}) {
  const client = useApi();
  const pieces = useQuery({
    queryKey: ['pieces', projectId],
    queryFn: () => client.pieces.list({ projectId }),
  });
  const pieceName =
    pieces.data === undefined
      ? undefined
      : findPieceName(
          pieces.data.map((piece) => piece.name),
          request.pieceName,
        );
  const notFound = pieces.data !== undefined && pieceName === undefined;
  const error = `No piece named “${request.pieceName}” is available in this project.`;
  useEffect(() => {
    if (notFound) channel.post({ type: EmbedClientEvent.CLIENT_CONNECTION_PIECE_NOT_FOUND, data: { error } });
  }, [channel, notFound, error]);
  if (pieces.isError) return <ErrorNotice error={pieces.error} onRetry={() => void pieces.refetch()} />;
  if (notFound) return <EmbedNotice title="Cannot connect" message={error} />;
  if (pieceName === undefined) return <Loading label="Loading the piece" />;
  return (
    <ConnectionOverlay
      channel={channel}
      projectId={projectId}
      pieceName={pieceName}
      connectionName={request.connectionName}
    />
  );
}

/** The dialog over the whole frame; reports showing and closing to the host, once each. */
function ConnectionOverlay({
  channel,
  projectId,
  pieceName,
  connectionName,
}: {
  channel: EmbedChannel;
  projectId: string;
  pieceName: string;
  connectionName: string | undefined;
}) {
  const [closed, setClosed] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    channel.post({ type: EmbedClientEvent.CLIENT_SHOW_CONNECTION_IFRAME, data: {} });
  }, [channel]);
  const close = (connection?: AppConnection) => {
    if (closed) return;
    setClosed(true);
    channel.post({
      type: EmbedClientEvent.CLIENT_NEW_CONNECTION_DIALOG_CLOSED,
      data:
        connection === undefined ? {} : { connection: { id: connection.id, name: connection.externalId } },
    });
  };
  if (closed) return <main className="embed-connection-overlay" aria-label="Connection" />;
  return (
    <main className="embed-connection-overlay" data-testid="embed-connection-overlay">
      <NewConnectionDialog
        projectId={projectId}
        pieceName={pieceName}
        externalId={connectionName}
        onCreated={close}
        onClose={() => close()}
      />
    </main>
  );
}
