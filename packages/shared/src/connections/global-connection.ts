import { z } from 'zod';
import { Metadata } from '../common/base-model';
import { Id } from '../common/id';
import { PageQuery } from '../common/page';
import { QueryList } from '../common/query-list';
import { AppConnectionStatus, AppConnectionType } from './app-connection-type';
import { UpsertAppConnectionValue } from './upsert-connection-value';

/**
 * Body of `POST /v1/global-connections` (platform admins): creates the platform's connection
 * `externalId`, or replaces the one it has, for the projects `projectIds` (all of the caller's
 * platform). With `preSelectForNewProjects`, every project created afterwards is added to it.
 * The value is as for an app connection (`value.type` must equal `type`).
 */
export const UpsertGlobalConnectionRequest = z
  .object({
    externalId: z.string().min(1),
    displayName: z.string().min(1),
    pieceName: z.string().min(1),
    pieceVersion: z.string().optional(),
    type: AppConnectionType,
    value: UpsertAppConnectionValue,
    projectIds: z.array(Id),
    preSelectForNewProjects: z.boolean().optional(),
    metadata: Metadata.nullable().optional(),
  })
  .refine((request) => request.value.type === request.type, {
    message: 'value.type must equal type',
    path: ['value', 'type'],
  });
export type UpsertGlobalConnectionRequest = z.infer<typeof UpsertGlobalConnectionRequest>;

/**
 * Body of `POST /v1/global-connections/:id`: rename it, set the projects that may use it (all of
 * them replaced) and, when given, `preSelectForNewProjects` and the metadata.
 */
export const UpdateGlobalConnectionRequest = z.object({
  displayName: z.string().min(1),
  projectIds: z.array(Id),
  preSelectForNewProjects: z.boolean().optional(),
  metadata: Metadata.nullable().optional(),
});
export type UpdateGlobalConnectionRequest = z.infer<typeof UpdateGlobalConnectionRequest>;

/**
 * Query of `GET /v1/global-connections`: paging, the piece, a case-insensitive `displayName`
 * substring and statuses.
 */
export const ListGlobalConnectionsQuery = PageQuery.extend({
  pieceName: z.string().optional(),
  displayName: z.string().optional(),
  status: QueryList(AppConnectionStatus).optional(),
});
export type ListGlobalConnectionsQuery = z.infer<typeof ListGlobalConnectionsQuery>;
