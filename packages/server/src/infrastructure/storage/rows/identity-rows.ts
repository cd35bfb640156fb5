/**
 * The rows of the tenancy and identity tables: platforms, users and their codes, projects, members, roles, invitations, API keys, signing keys and rate-limit counters.
 * Column conventions: see `../database.ts`.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SqlBoolean, JsonText, Timestamp, Timestamps } from './column-types';

/** `platform`: the tenant; owns users, projects and API keys. */
export interface PlatformTable extends Timestamps {
  id: string;
  name: string;
  /** Remaining run credits; `null` means unlimited. */
  credits: number | null;
  /** Sign-in rules (`PlatformAuthSettings`); `allowedAuthDomains` is a JSON array of domains. */
  emailAuthEnabled: Generated<SqlBoolean>;
  allowedAuthDomains: Generated<JsonText>;
  enforceAllowedAuthDomains: Generated<SqlBoolean>;
  googleAuthEnabled: Generated<SqlBoolean>;
  /** Everyone signing in with a password needs a second factor (`PlatformAuthSettings.twoFactorRequired`). */
  twoFactorRequired: Generated<SqlBoolean>;
  /** JSON array of the origins (`EmbedOrigin`) allowed to frame the web app, besides AP_ALLOWED_EMBED_ORIGINS. */
  allowedEmbedOrigins: Generated<JsonText>;
  /** The activated license key (verified again on every plan read), or null: the free plan. */
  licenseKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** Default stuck-run limits in minutes (QUEUED, RUNNING, PAUSED); flows may override them. */
  stuckQueuedMinutes: Generated<number>;
  stuckRunningMinutes: Generated<number>;
  stuckPausedMinutes: Generated<number>;
  /** JSON of the identity providers (`FederatedAuthProvidersView`: no client secrets), `{}` for none. */
  federatedAuthProviders: Generated<JsonText>;
  /** The providers' client secrets (`{github?, oidc?}`) sealed by the secret box, or null. */
  federatedAuthSecrets: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `user`: a person on one platform; the email is unique per platform. */
export interface UserTable extends Timestamps {
  id: string;
  platformId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  platformRole: string;
  status: string;
  /** The user's id in the embedding product (reference: managed auth), or null. */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the user confirmed their email address (existing and invited users count as verified). */
  verified: Generated<SqlBoolean>;
  /** Part of every session token: bumped by a password reset, which ends the user's sessions. */
  tokenVersion: Generated<number>;
}

/** `oneTimeCode`: an emailed code (its SHA-256) per user and kind, valid until `expiresAt`. */
export interface OneTimeCodeTable {
  userId: string;
  type: string;
  codeHash: string;
  expiresAt: string;
  created: string;
}

/** `project`: the scope of flows, folders and connections. */
export interface ProjectTable extends Timestamps {
  id: string;
  platformId: string;
  ownerId: string;
  displayName: string;
  type: string;
  iconColor: string | null;
  releasesEnabled: Generated<SqlBoolean>;
  maxConcurrentJobs: number | null;
  externalId: string | null;
  metadata: JsonText | null;
  /** The project's plan (`ProjectPlan` without its own timestamps' meaning beyond display). */
  plan: JsonText;
}

/** `projectMember`: a user's membership of a project, with its role (unique per project and user). */
export interface ProjectMemberTable extends Timestamps {
  id: string;
  platformId: string;
  projectId: string;
  userId: string;
  /** The member's `projectRole` (a default role or one of the platform's custom roles). */
  projectRoleId: string;
}

/**
 * `projectRole`: a named set of project permissions. DEFAULT roles (Admin, Editor, Viewer) have
 * `platformId` null and fixed ids; CUSTOM roles belong to one platform, their name unique there.
 */
export interface ProjectRoleTable extends Timestamps {
  id: string;
  platformId: string | null;
  name: string;
  /** JSON array of `Permission` names. */
  permissions: JsonText;
  /** `DEFAULT` or `CUSTOM`. */
  type: string;
}

/**
 * `userInvitation`: an email invited to the platform (`type` PLATFORM, with `platformRole`) or to
 * a project (`type` PROJECT, with `projectId` and `projectRoleId`); `status` PENDING or ACCEPTED.
 * One row per platform, email and project: inviting again updates it.
 */
export interface UserInvitationTable extends Timestamps {
  id: string;
  platformId: string;
  email: string;
  type: string;
  status: string;
  platformRole: string | null;
  projectId: string | null;
  projectRoleId: string | null;
}

/** `apiKey`: a platform API key; only its hash and a truncated form are stored. */
export interface ApiKeyTable extends Timestamps {
  id: string;
  platformId: string;
  displayName: string;
  hashedValue: string;
  truncatedValue: string;
  lastUsedAt: Timestamp | null;
}

/** `signingKey`: a platform's RSA public key (PEM, SPKI) verifying managed-auth JWTs; never the private key. */
export interface SigningKeyTable extends Timestamps {
  id: string;
  platformId: string;
  displayName: string;
  publicKey: string;
  /** Always `RSA` (the JWTs are RS256). */
  algorithm: string;
}

/** `rateLimit`: a rate-limit counter (authentication routes, without Redis) and when its window ends. */
export interface RateLimitTable {
  key: string;
  count: number;
  expiresAt: Timestamp;
}

/** A project row as loaded for an access check. */
export type ProjectRow = Selectable<ProjectTable>;
