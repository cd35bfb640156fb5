/**
 * Pieces: `GET /v1/pieces/categories` and `GET /v1/pieces/registry` (public: every listed
 * `{name, version}`, what another server syncs from), `GET /v1/pieces` (summaries, a plain array,
 * with the catalogue's not installed pieces),
 * `POST /v1/pieces/options` (a property's choices, see `piece-options.ts`; a piece outside the
 * project's ALLOWED plan is 404, as for `GET /v1/pieces/:name?projectId=`), `GET /v1/pieces/:name[?version]` and
 * `GET /v1/pieces/:name/versions` (a scoped name percent-encoded, or as two path segments
 * `/v1/pieces/@scope/name`), and for the admins of the server's first platform `POST /v1/pieces`
 * (install an npm piece version from the registry or a packed archive), `DELETE
 * /v1/pieces/:name?version=` (remove one, refused while a published flow runs it) and
 * `POST /v1/pieces/sync` (sync the catalogue now): the pieces directory is shared by every
 * platform. An npm version of a built-in piece's name may be installed (it then runs for the
 * flows naming that version); built-in pieces themselves cannot be removed.
 */
import {
  ENDPOINTS,
  ExactPackageVersion,
  PieceCategory,
  PieceworkError,
  type GetPieceQuery,
  type InstallPieceRequest,
  type ProjectPlan,
} from '@piecework/shared';
import { PIECEWORK_RELEASE } from '../../release';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { invalidRequest, notFound, ruleViolation } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerBase } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { CatalogueSyncError, configuredSyncSource, syncCatalogue } from './catalogue-sync';
import { installErrorOf } from './piece-install-errors';
import { publishedFlowsUsing } from './published-piece-users';
import { filterPieces, isPieceAllowed } from './piece-list-filter';
import { pieceOptions } from './piece-options';

/** The piece routes. */
export function pieceRoutes(ctx: ServerBase): RouteDefinition[] {
  /** The plan of the project the call was authorized on, or none for a platform-wide call. */
  const planOf = (project: ProjectRow | undefined) =>
    project === undefined ? undefined : (fromJson<ProjectPlan>(project.plan) ?? undefined);
  const getPiece = async (name: string, query: GetPieceQuery, project: ProjectRow | undefined) => {
    const missing = () => notFound('piece', query.version === undefined ? name : `${name}@${query.version}`);
    if (!isPieceAllowed(planOf(project), name)) throw missing();
    const piece = await ctx.pieces.catalogue.get(name, query.version);
    if (piece === undefined) throw missing();
    return piece;
  };
  const listVersions = async (name: string) => {
    const versions = ctx.pieces.catalogue.versions(name);
    if (versions.length === 0) throw notFound('piece', name);
    return versions;
  };
  return [
    route(ENDPOINTS.pieces.categories, {
      handler: async () => [...PieceCategory.options],
    }),
    route(ENDPOINTS.pieces.list, {
      handler: async ({ query, project }) =>
        filterPieces(await ctx.pieces.catalogue.list(), { ...query, plan: planOf(project) }),
    }),
    route(ENDPOINTS.pieces.get, {
      handler: ({ params, query, project }) => getPiece(params.name, query, project),
    }),
    route(ENDPOINTS.pieces.getScoped, {
      handler: ({ params, query, project }) => getPiece(`${params.scope}/${params.name}`, query, project),
    }),
    route(ENDPOINTS.pieces.listVersions, {
      handler: ({ params }) => listVersions(params.name),
    }),
    route(ENDPOINTS.pieces.listScopedVersions, {
      handler: ({ params }) => listVersions(`${params.scope}/${params.name}`),
    }),
    route(ENDPOINTS.pieces.options, {
      handler: async ({ body, project }) => {
        if (!isPieceAllowed(planOf(project), body.pieceName)) {
          throw notFound('piece', `${body.pieceName}@${body.pieceVersion}`);
        }
        return pieceOptions(ctx, project.id, body);
      },
    }),
    route(ENDPOINTS.pieces.install, {
      handler: async ({ body }) => {
        const version = body.pieceVersion ?? 'latest';
        try {
          const result =
            body.packageType === 'ARCHIVE'
              ? await ctx.pieces.installArchive(body.pieceName, exactVersionOf(body), archiveOf(body))
              : await ctx.pieces.install(`${body.pieceName}@${version}`);
          return { name: result.name, version: result.version, installed: result.installed };
        } catch (error) {
          throw installErrorOf(error, body.pieceName, version);
        }
      },
    }),
    route(ENDPOINTS.pieces.delete, {
      handler: async ({ params, query }) => {
        const spec = `${params.name}@${query.version}`;
        if (
          ctx.pieces.isBuiltin(params.name) &&
          !(await ctx.pieces.installedFromNpm(params.name, query.version))
        ) {
          throw ruleViolation(`${params.name} is built in; it cannot be removed`, { pieceName: params.name });
        }
        const users = await publishedFlowsUsing(ctx, params.name, query.version);
        if (users.length > 0) {
          const names = users.map((user) => `"${user.displayName}"`).join(', ');
          throw ruleViolation(`${spec} is used by published flows, unpublish them first: ${names}`, {
            pieceName: params.name,
            pieceVersion: query.version,
            flows: users,
          });
        }
        if (!(await ctx.pieces.remove(params.name, query.version))) throw notFound('piece', spec);
      },
    }),
    route(ENDPOINTS.pieces.registry, {
      handler: async () => {
        const pieces = await ctx.pieces.catalogue.list();
        return pieces.map(({ name, version }) => ({ name, version }));
      },
    }),
    route(ENDPOINTS.pieces.sync, {
      handler: async () => {
        if (ctx.settings.config.piecesSyncMode === 'NONE') {
          throw ruleViolation(
            'The piece catalogue does not sync on this server (AP_PIECES_SYNC_MODE is NONE)',
            {
              reason: 'SYNC_DISABLED',
            },
          );
        }
        try {
          return await syncCatalogue(
            ctx.pieces.known,
            configuredSyncSource(ctx.settings.config, PIECEWORK_RELEASE),
            ctx.logger,
          );
        } catch (error) {
          if (!(error instanceof CatalogueSyncError)) throw error;
          throw new PieceworkError('INTERNAL_ERROR', { message: error.message, reason: 'SYNC_FAILED' }, 502);
        }
      },
    }),
  ];
}

/** An ARCHIVE install names the exact version its archive holds. */
function exactVersionOf(body: InstallPieceRequest): string {
  const version = body.pieceVersion ?? '';
  if (!ExactPackageVersion.safeParse(version).success) {
    throw invalidRequest('An ARCHIVE install needs pieceVersion, the exact version of the archived package', {
      pieceName: body.pieceName,
      field: 'pieceVersion',
    });
  }
  return version;
}

/** The packed piece of an ARCHIVE install (`pieceArchive`, base64 of the `.tgz`). */
function archiveOf(body: InstallPieceRequest): Buffer {
  const archive = body.pieceArchive === undefined ? undefined : Buffer.from(body.pieceArchive, 'base64');
  if (archive === undefined || archive.length === 0) {
    throw invalidRequest('An ARCHIVE install needs pieceArchive, the packed piece (npm pack) in base64', {
      pieceName: body.pieceName,
      field: 'pieceArchive',
    });
  }
  return archive;
}
