/** The fixtures of the core endpoints (flows, runs, connections, projects...): one row per endpoint. */
import type { PopulatedFlow } from '@piecework/shared';
import { addAction, codeStep } from '../../../testing/features/flow-test-kit';
import {
  addTestUser,
  adminCall,
  connectionBody,
  freshAuthRequest,
  freshConnection,
  freshFlow,
  freshFolder,
  freshMcpGrant,
  freshMember,
  freshRole,
  mcpServerId,
  name,
  sharedSigningKey,
  undeletedSigningKey,
  WEBHOOK_PIECE,
  type Fixture,
} from './world';

/** One row per endpoint (`area.name`): how to call it. */
export const CORE_FIXTURES: Record<string, Fixture> = {
  'apiKeys.create': async () => ({ body: { displayName: name('Key') }, platformWide: true }),
  'apiKeys.list': async () => ({ platformWide: true }),
  'apiKeys.delete': async (w) => ({
    params: {
      id: (await adminCall<{ id: string }>(w, 'POST', '/v1/api-keys', { displayName: name('Key') })).id,
    },
  }),
  'signingKeys.create': async () => ({ body: { displayName: name('Signing') }, platformWide: true }),
  'signingKeys.list': async () => ({ platformWide: true }),
  'signingKeys.get': async (w) => ({ params: { id: (await sharedSigningKey(w)).id } }),
  'signingKeys.delete': async (w) => ({ params: { id: (await undeletedSigningKey(w)).id } }),
  'embedding.listAllowedOrigins': async () => ({ platformWide: true }),
  'embedding.addAllowedOrigins': async () => ({
    body: { allowedEmbedOrigins: [`https://${name('site').replace(' ', '')}.example`] },
    platformWide: true,
  }),
  'embedding.removeAllowedOrigins': async () => ({
    body: { allowedEmbedOrigins: ['https://gone.example'] },
    platformWide: true,
  }),
  'projects.create': async () => ({ body: { displayName: name('Project') }, platformWide: true }),
  'projects.list': async () => ({ platformWide: true }),
  'projects.get': async (w) => ({ params: { id: w.projectId } }),
  'projects.update': async (w) => ({ params: { id: w.projectId }, body: { displayName: 'Team' } }),
  'projects.delete': async (w) => ({
    params: {
      id: (await adminCall<{ id: string }>(w, 'POST', '/v1/projects', { displayName: name('P') })).id,
    },
  }),
  'flows.create': async (w) => ({ body: { projectId: w.projectId, displayName: name('Flow') } }),
  'flows.list': async (w) => ({ query: { projectId: w.projectId } }),
  'flows.count': async (w) => ({ query: { projectId: w.projectId } }),
  'flows.get': async (w) => ({ params: { id: w.flow.id } }),
  'flows.update': async (w) => ({
    params: { id: (await freshFlow(w)).id },
    body: addAction(codeStep('step_1')),
  }),
  'flows.delete': async (w) => ({ params: { id: (await freshFlow(w)).id } }),
  'flows.listVersions': async (w) => ({ params: { id: w.flow.id } }),
  'flows.getTemplate': async (w) => ({ params: { id: w.flow.id } }),
  'folders.create': async (w) => ({ body: { projectId: w.projectId, displayName: name('Folder') } }),
  'folders.update': async (w) => ({
    params: { id: (await freshFolder(w)).id },
    body: { displayName: name('F') },
  }),
  'folders.get': async (w) => ({ params: { id: (await freshFolder(w)).id } }),
  'folders.list': async (w) => ({ query: { projectId: w.projectId } }),
  'folders.delete': async (w) => ({ params: { id: (await freshFolder(w)).id } }),
  'platforms.get': async (w) => ({ params: { id: w.platformId } }),
  'platforms.update': async (w) => ({ params: { id: w.platformId }, body: { name: 'Platform A' } }),
  'flowRuns.list': async (w) => ({ query: { projectId: w.projectId } }),
  'flowRuns.get': async (w) => ({ params: { id: w.runId } }),
  'flowRuns.retry': async (w) => ({
    params: { id: w.runId },
    body: { projectId: w.projectId, strategy: 'ON_LATEST_VERSION' },
  }),
  'flowRuns.cancel': async (w) => ({ body: { projectId: w.projectId, flowRunIds: [w.runId] } }),
  'flowRuns.retryMany': async (w) => ({
    body: { projectId: w.projectId, flowRunIds: [w.runId], strategy: 'ON_LATEST_VERSION' },
  }),
  'flowRuns.archive': async (w) => ({ body: { projectId: w.projectId, flowRunIds: [w.runId] } }),
  'flowRuns.test': async (w) => ({ body: { projectId: w.projectId, flowVersionId: w.flow.version.id } }),
  'flowRuns.storageUsage': async (w) => ({ query: { projectId: w.projectId } }),
  'auditEvents.list': async () => ({ platformWide: true }),
  'pieces.list': async (w) => ({ query: { projectId: w.projectId } }),
  'pieces.get': async (w) => ({ params: { name: WEBHOOK_PIECE }, query: { projectId: w.projectId } }),
  'pieces.getScoped': async (w) => ({
    params: { scope: '@activepieces', name: 'piece-webhook' },
    query: { projectId: w.projectId },
  }),
  'pieces.listVersions': async () => ({ params: { name: WEBHOOK_PIECE }, platformWide: true }),
  'pieces.listScopedVersions': async () => ({
    params: { scope: '@activepieces', name: 'piece-webhook' },
    platformWide: true,
  }),
  'pieces.options': async (w) => ({
    body: {
      projectId: w.projectId,
      pieceName: WEBHOOK_PIECE,
      pieceVersion: '0.1.29',
      actionOrTriggerName: 'catch_webhook',
      propertyName: 'no_such_property',
      input: {},
    },
    // The webhook piece has no property with options: the endpoint's own answer once allowed.
    allowedStatus: 404,
  }),
  'pieces.install': async () => ({
    body: { pieceName: WEBHOOK_PIECE, pieceVersion: '1.0.0', packageType: 'ARCHIVE' },
    platformWide: true,
    // An ARCHIVE install without its archive: the endpoint's own refusal once allowed.
    allowedStatus: 400,
  }),
  'pieces.sync': async () => ({
    platformWide: true,
    // Test servers run with AP_PIECES_SYNC_MODE NONE: the endpoint's refusal once allowed.
    allowedStatus: 409,
  }),
  'pieces.delete': async () => ({
    params: { name: WEBHOOK_PIECE },
    query: { version: '0.1.29' },
    platformWide: true,
    // A built-in piece cannot be removed: the endpoint's rule once allowed.
    allowedStatus: 409,
  }),
  'appConnections.upsert': async (w) => ({ body: connectionBody(w) }),
  'appConnections.update': async (w) => ({
    params: { id: (await freshConnection(w)).id },
    body: { displayName: name('Renamed') },
  }),
  'appConnections.list': async (w) => ({ query: { projectId: w.projectId } }),
  'appConnections.delete': async (w) => ({ params: { id: (await freshConnection(w)).id } }),
  'appConnections.oauth2AuthorizationUrl': async (w) => ({
    body: {
      projectId: w.projectId,
      pieceName: '@activepieces/piece-http',
      connectionType: 'OAUTH2',
      clientId: 'client',
      redirectUrl: 'https://example.com/redirect',
    },
    // The HTTP piece has no OAuth2 auth: the endpoint's own refusal once allowed.
    allowedStatus: 400,
  }),
  'oauthApps.list': async () => ({ platformWide: true }),
  'oauthApps.upsert': async () => ({
    body: { pieceName: '@activepieces/piece-http', clientId: 'client', clientSecret: 'secret' },
    platformWide: true,
  }),
  'oauthApps.delete': async () => ({
    params: { id: 'a'.repeat(21) },
    platformWide: true,
    // No such app on the caller's platform: the endpoint's own answer once allowed.
    allowedStatus: 404,
  }),
  'users.list': async () => ({ platformWide: true }),
  'users.update': async (w) => ({
    params: { id: (await addTestUser(w.server, w.platformId, 'MEMBER')).userId },
    body: { status: 'ACTIVE' },
  }),
  'users.delete': async (w) => ({
    params: { id: (await addTestUser(w.server, w.platformId, 'MEMBER')).userId },
  }),
  'projectMembers.list': async (w) => ({ query: { projectId: w.projectId } }),
  'projectMembers.role': async (w) => ({ query: { projectId: w.projectId } }),
  'projectMembers.update': async (w) => ({ params: { id: await freshMember(w) }, body: { role: 'Editor' } }),
  'projectMembers.delete': async (w) => ({ params: { id: await freshMember(w) } }),
  'projectRoles.list': async () => ({ platformWide: true }),
  'projectRoles.get': async (w) => ({ params: { id: (await freshRole(w)).id } }),
  'projectRoles.create': async () => ({
    body: { name: name('Role'), permissions: ['READ_FLOW'] },
    platformWide: true,
  }),
  'projectRoles.update': async (w) => ({
    params: { id: (await freshRole(w)).id },
    body: { name: name('Role'), permissions: ['READ_FLOW', 'READ_RUN'] },
  }),
  'projectRoles.delete': async (w) => ({ params: { id: (await freshRole(w)).id } }),
  'alerts.create': async (w) => ({
    body: {
      projectId: w.projectId,
      channel: 'EMAIL',
      receiver: `${name('ops').replace(' ', '')}@example.com`,
    },
  }),
  'userInvitations.create': async (w) => ({
    body: {
      type: 'PROJECT',
      email: `${name('invitee').replace(' ', '')}@example.com`,
      projectId: w.projectId,
      projectRole: 'Viewer',
    },
  }),
  'userInvitations.list': async (w) => ({ query: { type: 'PROJECT', projectId: w.projectId } }),
  'userInvitations.delete': async (w) => ({
    params: {
      id: (
        await adminCall<{ id: string }>(w, 'POST', '/v1/user-invitations', {
          type: 'PROJECT',
          email: `${name('invitee').replace(' ', '')}@example.com`,
          projectId: w.projectId,
          projectRole: 'Viewer',
        })
      ).id,
    },
  }),
  'alerts.list': async (w) => ({ query: { projectId: w.projectId } }),
  'stuckRuns.getPlatformLimits': async () => ({ platformWide: true }),
  'stuckRuns.updatePlatformLimits': async () => ({
    body: { queuedMinutes: 60, runningMinutes: 60, pausedMinutes: 43_200 },
    platformWide: true,
  }),
  'stuckRuns.getFlowLimits': async (w) => ({ params: { id: w.flow.id } }),
  'stuckRuns.updateFlowLimits': async (w) => ({
    params: { id: w.flow.id },
    body: { queuedMinutes: null, runningMinutes: null, pausedMinutes: null },
  }),
  'stuckRuns.list': async (w) => ({ query: { projectId: w.projectId } }),
  'stuckRuns.end': async (w) => ({
    body: { projectId: w.projectId, flowRunIds: [w.runId], reason: 'Stuck' },
  }),
  'mcpOAuth.authRequest': async (w) => ({
    query: { authRequestId: await freshAuthRequest(w) },
    platformWide: true,
  }),
  'mcpOAuth.approve': async (w) => ({
    body: { authRequestId: await freshAuthRequest(w), projectId: w.projectId },
    // Consent is a person's: an API key passes the access check but may not approve.
    refusedCallers: ['apiKey'],
  }),
  'mcpOAuth.deny': async (w) => ({ body: { authRequestId: await freshAuthRequest(w) }, platformWide: true }),
  'mcpOAuth.listGrants': async (w) => ({ query: { projectId: w.projectId } }),
  'mcpOAuth.revokeGrant': async (w) => ({ params: { id: await freshMcpGrant(w) } }),
  'alerts.delete': async (w) => ({
    params: {
      id: (
        await adminCall<{ id: string }>(w, 'POST', '/v1/alerts', {
          projectId: w.projectId,
          channel: 'EMAIL',
          receiver: `${name('ops').replace(' ', '')}@example.com`,
        })
      ).id,
    },
  }),
  'mcpServers.get': async (w) => ({ query: { projectId: w.projectId } }),
  'mcpServers.update': async (w) => ({ params: { id: await mcpServerId(w) }, body: { status: 'ENABLED' } }),
  'mcpServers.rotate': async (w) => ({ params: { id: await mcpServerId(w) } }),
  'triggers.test': async (w) => ({
    body: {
      projectId: w.projectId,
      flowId: w.flow.id,
      flowVersionId: w.flow.version.id,
      testStrategy: 'SIMULATION',
    },
  }),
  'sampleData.get': async (w) => ({
    query: {
      projectId: w.projectId,
      flowId: w.flow.id,
      flowVersionId: w.flow.version.id,
      stepName: 'step_1',
      type: 'OUTPUT',
    },
  }),
  'sampleData.testStep': async (w) => {
    const flow = await freshFlow(w);
    const draft = await adminCall<PopulatedFlow>(
      w,
      'POST',
      `/v1/flows/${flow.id}`,
      addAction(codeStep('step_1')),
    );
    return { body: { projectId: w.projectId, flowVersionId: draft.version.id, stepName: 'step_1' } };
  },
};
