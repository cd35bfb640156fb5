/**
 * The consent to an MCP client's OAuth request: loads the pending request, shows "<client> wants
 * to use Piecework through MCP", where the browser returns, a project picker (the projects the
 * user can open, the current one first chosen) and Approve / Deny. What happens with the answer's
 * redirect URL is the caller's (`onAnswer`): the page navigates, embed mode tells the host. An
 * invalid or expired request shows why, and no buttons but `onDismiss`'s "Close" when given.
 */
import type { McpAuthRequestView } from '@piecework/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { useProjects } from '../../api/use-projects';
import { currentProjectOf } from '../../app/project-redirect';
import { SelectField } from '../../components/field';
import { Loading } from '../../components/loading';
import { ErrorNotice } from '../../components/query-state';
import { useEmbedOptions } from '../../embed/embed-context';
import { redirectHostOf } from './mcp-client-config';
import './mcp.css';

/** The user's answer: approved or denied, and where the MCP client's browser goes next. */
export interface McpConsentAnswer {
  approved: boolean;
  redirectUrl: string;
}

/** Props of {@link McpConsent}. */
export interface McpConsentProps {
  authRequestId: string;
  onAnswer: (answer: McpConsentAnswer) => void;
  /** Offered as "Close" under the message of an invalid or expired request. */
  onDismiss?: (message: string) => void;
}

/** What an unusable request says to the user. */
export const INVALID_REQUEST_MESSAGE =
  'This authorization request is invalid or has expired. Start connecting again from your MCP client.';

/** The pending request `authRequestId` (disabled without one; never retried: it only expires). */
export function useMcpAuthRequest(authRequestId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['mcp-auth-request', authRequestId],
    enabled: authRequestId !== '',
    queryFn: () => client.mcpOAuth.authRequest({ authRequestId }),
    retry: false,
    staleTime: Infinity,
  });
}

/** The title of the consent to `request`: "<client> wants to use Piecework through MCP". */
export function consentTitle(request: McpAuthRequestView | undefined): string {
  if (request === undefined) return 'Connect an MCP client';
  return `${request.clientName ?? request.clientId} wants to use Piecework through MCP`;
}

/** The consent form of `authRequestId`. */
export function McpConsent({ authRequestId, onAnswer, onDismiss }: McpConsentProps) {
  const request = useMcpAuthRequest(authRequestId);
  if (authRequestId === '' || request.isError) {
    const detail = request.isError ? errorMessage(request.error) : 'The address carries no request.';
    return (
      <div className="notice error" role="alert">
        <div>
          <strong>{INVALID_REQUEST_MESSAGE}</strong>
          <div>{detail}</div>
          {onDismiss === undefined ? null : (
            <div className="mcp-actions">
              <button type="button" className="btn" onClick={() => onDismiss(INVALID_REQUEST_MESSAGE)}>
                Close
              </button>
            </div>
          )}
        </div>
      </div>
    );
  }
  if (request.isPending) return <Loading label="Loading the request" />;
  return <ConsentForm authRequestId={authRequestId} request={request.data} onAnswer={onAnswer} />;
}

/** The request's facts, the project picker and the two buttons. */
function ConsentForm({
  authRequestId,
  request,
  onAnswer,
}: {
  authRequestId: string;
  request: McpAuthRequestView;
  onAnswer: (answer: McpConsentAnswer) => void;
}) {
  const client = useApi();
  const { session } = useSession();
  const { embedded } = useEmbedOptions();
  const projects = useProjects();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const ids = (projects.data ?? []).map((project) => project.id);
  const projectId = chosen ?? currentProjectOf(ids, session?.projectId, embedded);
  const approve = useMutation({
    mutationFn: () => client.mcpOAuth.approve({ authRequestId, projectId: projectId ?? '' }),
    onSuccess: ({ redirectUrl }) => onAnswer({ approved: true, redirectUrl }),
  });
  const deny = useMutation({
    mutationFn: () => client.mcpOAuth.deny({ authRequestId }),
    onSuccess: ({ redirectUrl }) => onAnswer({ approved: false, redirectUrl }),
  });
  const busy = approve.isPending || deny.isPending || approve.isSuccess || deny.isSuccess;
  const failed = approve.error ?? deny.error;
  return (
    <div className="mcp-consent">
      <dl>
        <dt>Returns to</dt>
        <dd data-testid="mcp-redirect-host">{redirectHostOf(request.redirectUri)}</dd>
        <dt>Access</dt>
        <dd>The flows, runs and connections of the project you choose, as you.</dd>
      </dl>
      {projects.isError ? (
        <ErrorNotice error={projects.error} onRetry={() => void projects.refetch()} />
      ) : null}
      <SelectField
        label="Project"
        hint="The client can act on this project only."
        value={projectId ?? ''}
        onValueChange={(value) => setChosen(value)}
        disabled={projects.data === undefined || busy}
        options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.displayName }))}
      />
      {failed === null ? null : <ErrorNotice error={failed} />}
      <div className="mcp-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => deny.mutate()}>
          Deny
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={busy || projectId === undefined}
          onClick={() => approve.mutate()}
        >
          Approve
        </button>
      </div>
    </div>
  );
}
