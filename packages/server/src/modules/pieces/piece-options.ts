/**
 * `POST /v1/pieces/options`: evaluates a DROPDOWN or DYNAMIC property for the builder. The
 * connection the input references (`{{connections['ext-id']}}` in `input.auth`) is resolved in
 * the project; npm pieces run in the design-time piece process, built-in pieces in this process,
 * each under the design-time deadline.
 */
import {
  BUILTIN_PIECES,
  evaluateProperty,
  type PropertyOutcome,
  type PropertyRequest,
} from '@piecework/pieces';
import { PieceworkError, type PieceOptionsRequest, type PieceOptionsResponse } from '@piecework/shared';
import { notFound, invalidRequest, ruleViolation } from '../../infrastructure/errors';
import { resolveAuthReference } from '../connections/resolve-auth-reference';
import { designTimeServices } from './design-time-services';
import { DESIGN_TIME_CALL_TIMEOUT_MS } from './piece-availability';
import type { ServerBase } from '../../server-context';

/**
 * The property's options for the caller's already-authorized project `projectId`.
 * @throws PieceworkError: 404 for an unknown piece version, connection, action, trigger or
 *   property; 400 for a property without options; 409 when the piece's function fails or runs
 *   past the deadline.
 */
export async function pieceOptions(
  ctx: ServerBase,
  projectId: string,
  body: PieceOptionsRequest,
): Promise<PieceOptionsResponse> {
  const { pieceName, pieceVersion } = body;
  if (!(await ctx.pieces.ensure(pieceName, pieceVersion))) {
    throw notFound('piece', `${pieceName}@${pieceVersion}`);
  }
  const auth = await resolveAuthReference(ctx, projectId, body.input['auth']);
  const request: PropertyRequest = {
    pieceName,
    pieceVersion,
    actionOrTriggerName: body.actionOrTriggerName,
    propertyName: body.propertyName,
    input: { ...body.input, auth },
    searchValue: body.searchValue,
    projectId,
  };
  const services = designTimeServices(ctx, projectId);
  const builtin = BUILTIN_PIECES.find((piece) => piece.name === pieceName);
  const outcome = builtin
    ? await withDeadline(evaluateProperty(builtin, request, services, auth), `Piece ${pieceName}`)
    : await ctx.pieces.npm().evaluateProperty(request, services);
  return answerOf(outcome, body);
}

function answerOf(outcome: PropertyOutcome, body: PieceOptionsRequest): PieceOptionsResponse {
  const params = {
    pieceName: body.pieceName,
    pieceVersion: body.pieceVersion,
    actionOrTriggerName: body.actionOrTriggerName,
    propertyName: body.propertyName,
  };
  if (outcome.status === 'OK') return { type: outcome.type, options: outcome.options };
  switch (outcome.reason) {
    case 'NOT_FOUND':
      throw new PieceworkError('ENTITY_NOT_FOUND', { ...params, message: outcome.message });
    case 'NOT_EVALUABLE':
      throw invalidRequest(outcome.message, params);
    case 'ERROR':
      throw ruleViolation(outcome.message, { ...params, reason: 'PROPERTY_FAILED' });
  }
}

/** A built-in property's answer, or an ERROR outcome past the design-time deadline. */
async function withDeadline(work: Promise<PropertyOutcome>, label: string): Promise<PropertyOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PropertyOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          status: 'FAILED',
          reason: 'ERROR',
          message: `${label} timed out after ${String(DESIGN_TIME_CALL_TIMEOUT_MS / 1000)} s`,
        }),
      DESIGN_TIME_CALL_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
