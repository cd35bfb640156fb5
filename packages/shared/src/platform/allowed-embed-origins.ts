import { z } from 'zod';

/**
 * An origin allowed to embed Piecework: `scheme://host[:port]`, no path and no trailing slash.
 * The host may start with a `*.` wildcard (`https://*.example.com`).
 */
export const EmbedOrigin = z
  .string()
  .max(300)
  .regex(
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:\*\.)?(?:[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/,
    'must be an origin scheme://host[:port], optionally with a *. wildcard, without a path',
  );
export type EmbedOrigin = z.infer<typeof EmbedOrigin>;

/**
 * A platform's allowed embed origins: the answer of `GET`/`POST
 * /v1/embed-subdomain/allowed-embed-origins`. AP_ALLOWED_EMBED_ORIGINS pre-allows more.
 */
export const AllowedEmbedOrigins = z.object({ allowedEmbedOrigins: z.array(EmbedOrigin) });
export type AllowedEmbedOrigins = z.infer<typeof AllowedEmbedOrigins>;

/** Body of `POST /v1/embed-subdomain/allowed-embed-origins` (origins to add) and of `.../remove`. */
export const ChangeAllowedEmbedOriginsRequest = z.object({
  allowedEmbedOrigins: z.array(EmbedOrigin).min(1),
});
export type ChangeAllowedEmbedOriginsRequest = z.infer<typeof ChangeAllowedEmbedOriginsRequest>;
