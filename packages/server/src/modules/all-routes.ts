/** Every route of the server, module by module. Add a module's routes here. */
import type { RouteDefinition } from '../infrastructure/http/route';
import type { ServerContext } from '../server-context';
import { agentRunRoutes } from './agents/agent-run-routes';
import { aiProviderRoutes } from './ai-providers/ai-provider-routes';
import { alertRoutes } from './alerts/alert-routes';
import { apiKeyRoutes } from './api-keys/api-key-routes';
import { auditEventRoutes } from './audit-events/audit-event-routes';
import { connectionRoutes } from './connections/connection-routes';
import { globalConnectionRoutes } from './connections/global-connection-routes';
import { embeddingRoutes } from './embedding/embedding-routes';
import { eventDestinationRoutes } from './event-destinations/event-destination-routes';
import { flowRunRoutes } from './flow-runs/flow-run-routes';
import { flowTestRoutes } from './flow-tests/flow-test-routes';
import { mcpServerRoutes } from './mcp/mcp-server-routes';
import { oauthAppRoutes } from './oauth-apps/oauth-app-routes';
import { flowRoutes } from './flows/flow-routes';
import { folderRoutes } from './folders/folder-routes';
import { gitRepoRoutes } from './git-sync/git-repo-routes';
import { readGitState } from './git-sync/read-git-state';
import { humanInputRoutes } from './human-input/human-input-routes';
import { impactRoutes } from './impact/impact-routes';
import { federatedAuthnRoutes } from './federated-authn/federated-authn-routes';
import type { FederatedAuthnOptions } from './federated-authn/federated-authn-service';
import { identityRoutes } from './identity/identity-routes';
import { managedAuthnRoutes } from './managed-authn/managed-authn-routes';
import { mcpOAuthRoutes } from './mcp-oauth/mcp-oauth-routes';
import { projectReleaseRoutes } from './project-releases/release-routes';
import { platformRoutes } from './platform/platform-routes';
import { platformBillingRoutes } from './platform-plan/platform-billing-routes';
import { pieceRoutes } from './pieces/piece-routes';
import { platformsRoutes } from './platforms/platforms-routes';
import { projectMemberRoutes } from './project-members/project-member-routes';
import { projectRoleRoutes } from './project-roles/project-role-routes';
import { projectRoutes } from './projects/project-routes';
import { sampleDataRoutes } from './sample-data/sample-data-routes';
import { signingKeyRoutes } from './signing-keys/signing-key-routes';
import { stepFileRoutes } from './step-files/step-file-routes';
import { stuckRunRoutes } from './stuck-runs/stuck-run-routes';
import { fieldRoutes } from './tables/field-routes';
import { recordRoutes } from './tables/record-routes';
import { tableRoutes } from './tables/table-routes';
import { templateRoutes } from './templates/template-routes';
import { appEventRoutes } from './webhooks/app-event-routes';
import { userRoutes } from './users/user-routes';
import { sessionRoutes } from './sessions/session-routes';
import { userInvitationRoutes } from './user-invitations/user-invitation-routes';
import { webhookRoutes } from './webhooks/webhook-routes';
import { tableWebhookRoutes } from './table-webhooks/table-webhook-routes';

/** Options of some modules' routes (tests only). */
export interface RouteOptions {
  /** Federated sign-in: a stand-in provider's endpoints. */
  readonly federatedAuthn?: FederatedAuthnOptions | undefined;
}

/** All routes, in registration order. */
export function allRoutes(ctx: ServerContext, options: RouteOptions = {}): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  routes.push(...platformRoutes(ctx, () => routes));
  routes.push(...identityRoutes(ctx));
  routes.push(...federatedAuthnRoutes(ctx, options.federatedAuthn));
  routes.push(...apiKeyRoutes(ctx));
  routes.push(...signingKeyRoutes(ctx));
  routes.push(...managedAuthnRoutes(ctx));
  routes.push(...embeddingRoutes(ctx));
  routes.push(...projectRoutes(ctx));
  routes.push(...folderRoutes(ctx));
  routes.push(...impactRoutes(ctx));
  routes.push(...humanInputRoutes(ctx));
  routes.push(...flowRoutes(ctx));
  routes.push(...connectionRoutes(ctx));
  routes.push(...oauthAppRoutes(ctx));
  routes.push(...auditEventRoutes(ctx));
  routes.push(...flowRunRoutes(ctx));
  routes.push(...webhookRoutes(ctx));
  routes.push(...platformsRoutes(ctx));
  routes.push(...pieceRoutes(ctx));
  routes.push(...appEventRoutes(ctx));
  routes.push(...sampleDataRoutes(ctx));
  routes.push(...flowTestRoutes(ctx));
  routes.push(...stepFileRoutes(ctx));
  routes.push(...userRoutes(ctx));
  routes.push(...sessionRoutes(ctx));
  routes.push(...projectMemberRoutes(ctx));
  routes.push(...projectRoleRoutes(ctx));
  routes.push(...userInvitationRoutes(ctx));
  routes.push(...alertRoutes(ctx));
  routes.push(...stuckRunRoutes(ctx));
  routes.push(...mcpOAuthRoutes(ctx));
  routes.push(...mcpServerRoutes(ctx));
  routes.push(...tableRoutes(ctx));
  routes.push(...fieldRoutes(ctx));
  routes.push(...recordRoutes(ctx));
  routes.push(...tableWebhookRoutes(ctx));
  routes.push(...templateRoutes(ctx));
  routes.push(...projectReleaseRoutes(ctx, (project) => readGitState(ctx, project)));
  routes.push(...gitRepoRoutes(ctx));
  routes.push(...eventDestinationRoutes(ctx));
  routes.push(...aiProviderRoutes(ctx));
  routes.push(...agentRunRoutes(ctx));
  routes.push(...platformBillingRoutes(ctx));
  routes.push(...globalConnectionRoutes(ctx));
  return routes;
}
