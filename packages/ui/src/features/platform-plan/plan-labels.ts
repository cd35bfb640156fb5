/**
 * The words the plan page shows for a plan's limits and feature toggles (the API names them
 * `activeFlows`, `globalConnectionsEnabled`...).
 */
import type { PlatformPlanFeature, PlatformPlanLimit } from '@piecework/shared';

/** Each limit of a plan, as a heading. */
export const LIMIT_LABELS: Record<PlatformPlanLimit, string> = {
  projects: 'Projects',
  activeFlows: 'Active flows',
  userSeats: 'User seats',
  tables: 'Tables',
  mcps: 'MCP servers',
  agents: 'Agents',
};

/** Each feature toggle of a plan, as a heading. */
export const FEATURE_LABELS: Record<PlatformPlanFeature, string> = {
  environmentsEnabled: 'Environments (releases)',
  analyticsEnabled: 'Analytics',
  agentsEnabled: 'Agents',
  mcpsEnabled: 'MCP servers',
  tablesEnabled: 'Tables',
  auditLogEnabled: 'Audit log',
  embeddingEnabled: 'Embedding',
  managePiecesEnabled: 'Managing pieces',
  manageTemplatesEnabled: 'Managing templates',
  customAppearanceEnabled: 'Custom appearance',
  manageProjectsEnabled: 'Managing projects',
  projectRolesEnabled: 'Project roles',
  customDomainsEnabled: 'Custom domains',
  globalConnectionsEnabled: 'Global connections',
  customRolesEnabled: 'Custom roles',
  apiKeysEnabled: 'API keys',
  ssoEnabled: 'Single sign-on',
};
