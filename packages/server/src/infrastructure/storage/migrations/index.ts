import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001-initial';
import { runs } from './0002-runs';
import { runStorage } from './0003-run-storage';
import { validationIssues } from './0004-validation-issues';
import { oauth2Connections } from './0005-oauth2-connections';
import { triggerSources } from './0006-trigger-sources';
import { projectRoles } from './0007-project-roles';
import { oneTimeCodes } from './0008-one-time-codes';
import { rateLimits } from './0009-rate-limits';
import { invitationsAndSignUpPolicy } from './0010-invitations-and-sign-up-policy';
import { embedding } from './0011-embedding';
import { mcp } from './0012-mcp';
import { tables } from './0013-tables';
import { templates } from './0014-templates';
import { projectReleases } from './0015-project-releases';
import { license } from './0016-license';
import { globalConnections } from './0017-global-connections';
import { eventDestinations } from './0018-event-destinations';
import { tableWebhooks } from './0019-table-webhooks';
import { aiProviders } from './0020-ai-providers';
import { agentRuns } from './0021-agent-runs';
import { pieceCatalogue } from './0022-piece-catalogue';
import { runSearch } from './0023-run-search';
import { stuckRunWatchdog } from './0024-stuck-run-watchdog';
import { runRetention } from './0025-run-retention';
import { impact } from './0026-impact';
import { gitRepos } from './0027-git-repos';
import { flowTestCases } from './0028-flow-test-cases';
import { federatedAuthProviders } from './0029-federated-auth-providers';
import { userSessions } from './0030-user-sessions';
import { twoFactor } from './0031-two-factor';
import { samlAssertions } from './0032-saml-assertions';

/**
 * Every migration, by name, in order. Names never change once released; add a new one instead of
 * editing an old one. Listed statically (no filesystem globbing) so bundles and tests see the same.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-run-storage': runStorage,
  '0004-validation-issues': validationIssues,
  '0005-oauth2-connections': oauth2Connections,
  '0006-trigger-sources': triggerSources,
  '0007-project-roles': projectRoles,
  '0008-one-time-codes': oneTimeCodes,
  '0009-rate-limits': rateLimits,
  '0010-invitations-and-sign-up-policy': invitationsAndSignUpPolicy,
  '0011-embedding': embedding,
  '0012-mcp': mcp,
  '0013-tables': tables,
  '0014-templates': templates,
  '0015-project-releases': projectReleases,
  '0016-license': license,
  '0017-global-connections': globalConnections,
  '0018-event-destinations': eventDestinations,
  '0019-table-webhooks': tableWebhooks,
  '0020-ai-providers': aiProviders,
  '0021-agent-runs': agentRuns,
  '0022-piece-catalogue': pieceCatalogue,
  '0023-run-search': runSearch,
  '0024-stuck-run-watchdog': stuckRunWatchdog,
  '0025-run-retention': runRetention,
  '0026-impact': impact,
  '0027-git-repos': gitRepos,
  '0028-flow-test-cases': flowTestCases,
  '0029-federated-auth-providers': federatedAuthProviders,
  '0030-user-sessions': userSessions,
  '0031-two-factor': twoFactor,
  '0032-saml-assertions': samlAssertions,
};

/** A Kysely migration provider over {@link migrations}. */
export const staticMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...migrations }),
};
