/**
 * The origins allowed to frame the web app on this server: AP_ALLOWED_EMBED_ORIGINS, then the
 * FIRST platform's own list (a self-hosted server has one platform; Activepieces reads its
 * oldest one), deduplicated, as written. The page CSP (`frame-ancestors`) and the
 * ALLOWED_EMBED_ORIGINS flag both read it. Kept in memory for {@link EMBED_ORIGINS_TTL_MS}, and
 * forgotten at once when this process changes a platform's list; another app process of a
 * scale-out sees the change within that lifetime.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { dedupeEmbedOrigins, parseEmbedOrigins } from './embed-origin-list';
import { selectFirstPlatformEmbedOrigins } from './embedding-repository';

/** How long the merged list is reused before the database is read again. */
export const EMBED_ORIGINS_TTL_MS = 30_000;

/** Options of {@link EmbedOriginsCache}. */
export interface EmbedOriginsCacheOptions {
  /** AP_ALLOWED_EMBED_ORIGINS. */
  readonly configured: readonly string[];
  /** The clock in ms (tests pin it). Default `Date.now`. */
  readonly nowMs?: () => number;
}

/** The server-wide allowed embed origins, cached (see the module comment). */
export class EmbedOriginsCache {
  private cached: { origins: readonly string[]; untilMs: number } | undefined;
  private loading: Promise<readonly string[]> | undefined;
  private generation = 0;
  private readonly nowMs: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: EmbedOriginsCacheOptions,
  ) {
    this.nowMs = options.nowMs ?? Date.now;
  }

  /** The merged list: AP_ALLOWED_EMBED_ORIGINS, then the first platform's origins. */
  async allowed(): Promise<readonly string[]> {
    if (this.cached !== undefined && this.cached.untilMs > this.nowMs()) return this.cached.origins;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Forget the list: call it after changing any platform's allowed origins. */
  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
    this.loading = undefined;
  }

  private async load(): Promise<readonly string[]> {
    const generation = this.generation;
    const first = await selectFirstPlatformEmbedOrigins(this.db);
    const origins = dedupeEmbedOrigins([
      ...this.options.configured,
      ...parseEmbedOrigins(first?.allowedEmbedOrigins),
    ]);
    if (generation === this.generation) {
      this.cached = { origins, untilMs: this.nowMs() + EMBED_ORIGINS_TTL_MS };
    }
    return origins;
  }
}
