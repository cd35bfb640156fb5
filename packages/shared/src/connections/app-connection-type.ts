import { z } from 'zod';

/**
 * The credential type of a connection (Activepieces' 7). It decides the shape of the
 * connection's value (see {@link AppConnectionValue}) and must match the piece's auth.
 */
export const AppConnectionType = z.enum([
  'OAUTH2',
  'PLATFORM_OAUTH2',
  'CLOUD_OAUTH2',
  'SECRET_TEXT',
  'BASIC_AUTH',
  'CUSTOM_AUTH',
  'NO_AUTH',
]);
export type AppConnectionType = z.infer<typeof AppConnectionType>;

/** Who can use a connection: the projects it lists (PROJECT) or the whole platform (PLATFORM, global connections). */
export const AppConnectionScope = z.enum(['PROJECT', 'PLATFORM']);
export type AppConnectionScope = z.infer<typeof AppConnectionScope>;

/** Health of a connection: ACTIVE, MISSING (referenced but absent) or ERROR (e.g. a failed refresh). */
export const AppConnectionStatus = z.enum(['ACTIVE', 'MISSING', 'ERROR']);
export type AppConnectionStatus = z.infer<typeof AppConnectionStatus>;
