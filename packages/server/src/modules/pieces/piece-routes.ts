/**
 * Pieces: `GET /v1/pieces/categories` (public), `GET /v1/pieces` (summaries, a plain array),
 * `POST /v1/pieces/options` (a property's choices, see `piece-options.ts`; a piece outside the
 * project's ALLOWED plan is 404, as for `GET /v1/pieces/:name?projectId=`), `GET /v1/pieces/:name[?version]` and
 * `GET /v1/pieces/:name/versions` (a scoped name percent-encoded, or as two path segments
 * `/v1/pieces/@scope/name`), and for the admins of the server's first platform `POST /v1/pieces`
 * (install an npm piece version) and `DELETE /v1/pieces/:name?version=` (remove one): the pieces
 * directory is shared by every platform. Built-in pieces cannot be installed over or removed.
 */
import { ENDPOINTS, PieceCategory, type GetPieceQuery, type ProjectPlan } from '@piecework/shared';
import type { ProjectRow } from '../../auth/project-access';
import { notFound, ruleViolation } from '../../errors';
import { route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../storage/json-column';
import { installErrorOf } from './piece-install-errors';
import { filterPieces, isPieceAllowed } from './piece-list-filter';
import { pieceOptions } from './piece-options';

/** The piece routes. */
export function pieceRoutes(ctx: ServerContext): RouteDefinition[] {
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
        if (ctx.pieces.isBuiltin(body.pieceName)) {
          throw ruleViolation(`${body.pieceName} is built in; it cannot be installed from npm`, {
            pieceName: body.pieceName,
          });
        }
        try {
          const result = await ctx.pieces.install(`${body.pieceName}@${version}`);
          return { name: result.name, version: result.version, installed: result.installed };
        } catch (error) {
          throw installErrorOf(error, body.pieceName, version);
        }
      },
    }),
    route(ENDPOINTS.pieces.delete, {
      handler: async ({ params, query }) => {
        if (ctx.pieces.isBuiltin(params.name)) {
          throw ruleViolation(`${params.name} is built in; it cannot be removed`, { pieceName: params.name });
        }
        if (!(await ctx.pieces.remove(params.name, query.version))) {
          throw notFound('piece', `${params.name}@${query.version}`);
        }
      },
    }),
  ];
}
