import { z } from 'zod';
import { BaseModelFields, Metadata } from '../common/base-model';
import { Id } from '../common/id';
import { PageQuery } from '../common/page';
import { QueryList } from '../common/query-list';
import { User } from '../users/user';
import { AppConnectionScope, AppConnectionStatus, AppConnectionType } from './app-connection-type';

/**
 * A connection: credentials for a piece, as the API returns them (every field Activepieces returns; the
 * secret value is never included). `externalId` (formerly `name`) is what flows reference in
 * `{{connections['<externalId>']}}`.
 */
export const AppConnection = z.object({
  ...BaseModelFields,
  externalId: z.string().min(1),
  displayName: z.string(),
  type: AppConnectionType,
  pieceName: z.string(),
  pieceVersion: z.string(),
  projectIds: z.array(Id),
  platformId: z.string().nullable().optional(),
  scope: AppConnectionScope,
  status: AppConnectionStatus,
  ownerId: z.string().nullable().optional(),
  owner: User.nullable().optional(),
  metadata: Metadata.nullable().optional(),
  flowIds: z.array(Id).nullable().optional(),
  preSelectForNewProjects: z.boolean(),
  usingSecretManager: z.boolean(),
});
export type AppConnection = z.infer<typeof AppConnection>;

/** A global (PLATFORM-scope) connection: the same shape as an {@link AppConnection}. */
export const GlobalConnection = AppConnection;
export type GlobalConnection = AppConnection;

/** Body of `POST /v1/app-connections/:id`: rename a connection. */
export const UpdateAppConnectionRequest = z.object({
  displayName: z.string().min(1),
  metadata: Metadata.nullable().optional(),
});
export type UpdateAppConnectionRequest = z.infer<typeof UpdateAppConnectionRequest>;

/**
 * Query of `GET /v1/app-connections?projectId&pieceName` (plus paging, a case-insensitive
 * `displayName` substring, statuses and the scope: the project's own connections are PROJECT, the
 * global connections it may use PLATFORM; both without it).
 */
export const ListAppConnectionsQuery = PageQuery.extend({
  projectId: z.string(),
  pieceName: z.string().optional(),
  displayName: z.string().optional(),
  status: QueryList(AppConnectionStatus).optional(),
  scope: AppConnectionScope.optional(),
});
export type ListAppConnectionsQuery = z.infer<typeof ListAppConnectionsQuery>;
