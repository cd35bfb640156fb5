import { z } from 'zod';
import { Metadata } from '../common/base-model';
import { UpsertAppConnectionValue } from './upsert-connection-value';
import { AppConnectionType } from './app-connection-type';

/**
 * Body of `POST /v1/app-connections`: creates the connection, or replaces the one with the same
 * `(projectId, externalId)`. `value.type` must equal `type`; an OAuth2 value carries the code to
 * exchange (see {@link UpsertAppConnectionValue}). `pieceVersion` (optional, a Piecework
 * addition) pins the piece version; without it the server records the piece's latest version.
 */
export const UpsertAppConnectionRequest = z
  .object({
    externalId: z.string().min(1),
    displayName: z.string().min(1),
    pieceName: z.string().min(1),
    pieceVersion: z.string().optional(),
    projectId: z.string(),
    type: AppConnectionType,
    value: UpsertAppConnectionValue,
    metadata: Metadata.nullable().optional(),
  })
  .refine((request) => request.value.type === request.type, {
    message: 'value.type must equal type',
    path: ['value', 'type'],
  });
export type UpsertAppConnectionRequest = z.infer<typeof UpsertAppConnectionRequest>;
