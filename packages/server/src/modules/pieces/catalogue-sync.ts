/**
 * Syncs the piece catalogue from a server speaking the Activepieces pieces API (its cloud, or
 * another Piecework): `GET <url>v1/pieces/registry` lists every `{name, version}` it offers;
 * the newest version of each piece not yet in the catalogue is read with
 * `GET <url>v1/pieces/<name>?version=<version>` (a few at a time) and stored; synced versions the
 * source no longer offers as newest are removed. Incremental: a sync with nothing new reads the
 * registry list only. Requests go through the SSRF-filtered client.
 */
import { compareVersions, safeFetch } from '@piecework/pieces';
import { PieceMetadata, PieceRegistryEntry, type PieceSyncResult } from '@piecework/shared';
import type { Logger } from 'pino';
import type { PieceworkConfig } from '@piecework/shared';
import { withTrailingSlash } from '../../infrastructure/config/server-settings';
import type { CatalogueEntryInput, CatalogueStore } from './catalogue-store';

/** Piece metadata requests in flight at once during a sync. */
const SYNC_CONCURRENCY = 5;

/** Where and how {@link syncCatalogue} reads. */
export interface CatalogueSyncSource {
  /** The source's API base, ending with `/` (`https://cloud.activepieces.com/api/`). */
  url: string;
  /** A bearer token, for a source that asks for one. */
  apiKey?: string | undefined;
  /** AP_SSRF_ALLOW_LIST: the private addresses the source may be at. */
  ssrfAllowList: readonly string[];
  /** The release this server reports (`?release=`), so a source may leave out pieces it cannot run. */
  release: string;
  /** Ends the sync's requests early (a server that stops). */
  signal?: AbortSignal;
}

/**
 * The sync source the configuration names (AP_PIECES_SYNC_URL, AP_PIECES_SYNC_API_KEY,
 * AP_SSRF_ALLOW_LIST), or `url` instead of AP_PIECES_SYNC_URL.
 */
export function configuredSyncSource(
  config: PieceworkConfig,
  release: string,
  url?: string,
): CatalogueSyncSource {
  return {
    url: withTrailingSlash(url ?? config.piecesSyncUrl),
    apiKey: config.piecesSyncApiKey,
    ssrfAllowList: config.ssrfAllowList,
    release,
  };
}

/** The error of a sync that could not read the source's registry list. */
export class CatalogueSyncError extends Error {
  override readonly name = 'CatalogueSyncError';
}

/**
 * Brings `catalogue` in step with `source`.
 * @throws CatalogueSyncError when the registry list cannot be read; a piece whose metadata
 *   cannot be read or is not valid is skipped (and logged), the rest are stored.
 */
export async function syncCatalogue(
  catalogue: CatalogueStore,
  source: CatalogueSyncSource,
  logger?: Logger,
): Promise<PieceSyncResult> {
  await catalogue.ready();
  const offered = newestOfEach(await readRegistry(source));
  const known = new Set(catalogue.keys().map(({ name, version }) => `${name}@${version}`));
  const wanted = offered.filter(({ name, version }) => !known.has(`${name}@${version}`));
  const fetched: CatalogueEntryInput[] = [];
  for (let start = 0; start < wanted.length; start += SYNC_CONCURRENCY) {
    const batch = await Promise.all(
      wanted.slice(start, start + SYNC_CONCURRENCY).map((entry) => readPiece(source, entry, logger)),
    );
    for (const metadata of batch) if (metadata !== undefined) fetched.push({ metadata });
  }
  await catalogue.put(fetched, 'SYNC');
  const current = new Set(offered.map(({ name, version }) => `${name}@${version}`));
  const stale = catalogue
    .keys()
    .filter(({ name, version, source: from }) => from === 'SYNC' && !current.has(`${name}@${version}`));
  await catalogue.remove(stale);
  return { added: fetched.length, removed: stale.length };
}

/** The newest version of each piece in a registry list. */
function newestOfEach(entries: readonly PieceRegistryEntry[]): PieceRegistryEntry[] {
  const newest = new Map<string, string>();
  for (const { name, version } of entries) {
    const seen = newest.get(name);
    if (seen === undefined || compareVersions(seen, version) < 0) newest.set(name, version);
  }
  return [...newest].map(([name, version]) => ({ name, version }));
}

/** Each request of a sync gives up after this long. */
const REQUEST_TIMEOUT_MS = 60_000;

function signalOf(source: CatalogueSyncSource): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return source.signal === undefined ? timeout : AbortSignal.any([timeout, source.signal]);
}

function headersOf(source: CatalogueSyncSource): Record<string, string> {
  return {
    accept: 'application/json',
    ...(source.apiKey === undefined ? {} : { authorization: `Bearer ${source.apiKey}` }),
  };
}

async function readRegistry(source: CatalogueSyncSource): Promise<PieceRegistryEntry[]> {
  const url = new URL('v1/pieces/registry', source.url);
  url.searchParams.set('release', source.release);
  url.searchParams.set('edition', 'ce');
  let body: unknown;
  try {
    const response = await safeFetch(
      url,
      { headers: headersOf(source), signal: signalOf(source) },
      { allowList: source.ssrfAllowList },
    );
    if (!response.ok) throw new CatalogueSyncError(`${url.origin} answered ${String(response.status)}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof CatalogueSyncError) throw error;
    throw new CatalogueSyncError(`Reading the pieces of ${url.origin} failed: ${causeOf(error)}`);
  }
  if (!Array.isArray(body)) throw new CatalogueSyncError(`${url.origin} did not answer a list of pieces`);
  return body.flatMap((entry: unknown) => {
    const parsed = PieceRegistryEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

async function readPiece(
  source: CatalogueSyncSource,
  { name, version }: PieceRegistryEntry,
  logger: Logger | undefined,
): Promise<PieceMetadata | undefined> {
  const url = new URL(`v1/pieces/${name}`, source.url);
  url.searchParams.set('version', version);
  try {
    const response = await safeFetch(
      url,
      { headers: headersOf(source), signal: signalOf(source) },
      { allowList: source.ssrfAllowList },
    );
    if (!response.ok) {
      logger?.warn({ piece: { name, version }, status: response.status }, 'A synced piece could not be read');
      return undefined;
    }
    const parsed = PieceMetadata.safeParse(await response.json());
    if (!parsed.success || parsed.data.name !== name || parsed.data.version !== version) {
      logger?.warn({ piece: { name, version } }, 'A synced piece has metadata this server cannot read');
      return undefined;
    }
    return withoutLocalState(parsed.data);
  } catch (error) {
    logger?.warn({ piece: { name, version }, error: causeOf(error) }, 'A synced piece could not be read');
    return undefined;
  }
}

/** The source's own view of whether it installed the piece says nothing about this server. */
function withoutLocalState(metadata: PieceMetadata): PieceMetadata {
  const { installState: _state, unavailableReason: _reason, id: _id, ...rest } = metadata;
  return rest as PieceMetadata;
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
