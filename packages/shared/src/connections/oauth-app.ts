import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';

/**
 * A platform's own OAuth2 client for one piece (`/v1/oauth-apps`): what PLATFORM_OAUTH2
 * connections of that piece are claimed and refreshed with. The secret is stored encrypted and
 * never answered.
 */
export const OAuthApp = z.object({
  ...BaseModelFields,
  pieceName: z.string(),
  platformId: z.string(),
  clientId: z.string(),
});
export type OAuthApp = z.infer<typeof OAuthApp>;

/**
 * Body of `POST /v1/oauth-apps` (platform admins): sets the platform's client for `pieceName`,
 * replacing the one it had.
 */
export const UpsertOAuthAppRequest = z.object({
  pieceName: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type UpsertOAuthAppRequest = z.infer<typeof UpsertOAuthAppRequest>;

/** Query of `GET /v1/oauth-apps`: paging only. */
export const ListOAuthAppsQuery = PageQuery;
export type ListOAuthAppsQuery = z.infer<typeof ListOAuthAppsQuery>;
