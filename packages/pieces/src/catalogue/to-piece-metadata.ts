import type { PieceMetadata } from '@piecework/shared';
import type { PieceDefinition } from '../framework/piece-definition';

/** Copies what can go on the wire: every field but functions. */
function plain<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_, field: unknown) => (typeof field === 'function' ? undefined : field)),
  ) as T;
}

/**
 * The catalogue entry (`GET /v1/pieces/:name`) of a piece definition: its identity, auth and the
 * metadata of each action and trigger, without their code.
 */
export function toPieceMetadata(piece: PieceDefinition): PieceMetadata {
  const actions = Object.fromEntries(
    Object.values(piece.actions).map((action) => [
      action.name,
      plain({
        name: action.name,
        displayName: action.displayName,
        description: action.description,
        props: action.props,
        requireAuth: action.requireAuth ?? true,
      }),
    ]),
  );
  const triggers = Object.fromEntries(
    Object.values(piece.triggers).map((trigger) => [
      trigger.name,
      plain({
        name: trigger.name,
        displayName: trigger.displayName,
        description: trigger.description,
        props: trigger.props,
        type: trigger.type,
        sampleData: trigger.sampleData ?? {},
        requireAuth: trigger.requireAuth ?? true,
      }),
    ]),
  );
  return {
    name: piece.name,
    displayName: piece.displayName,
    description: piece.description,
    logoUrl: piece.logoUrl,
    authors: piece.authors,
    version: piece.version,
    ...(piece.auth ? { auth: plain(piece.auth) as PieceMetadata['auth'] } : {}),
    actions: actions as PieceMetadata['actions'],
    triggers: triggers as PieceMetadata['triggers'],
  };
}
