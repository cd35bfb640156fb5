import type { PieceMetadata } from '@piecework/shared';
import type { PieceDefinition } from '../framework/piece-definition';

/** Copies what can go on the wire: every field but functions. */
function plain<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_, field: unknown) => (typeof field === 'function' ? undefined : field)),
  ) as T;
}

/** Each auth declaration with `hasConnectionIdentifier`, as Activepieces' `piece.metadata()` gives it. */
function withConnectionIdentifierFlag(auth: NonNullable<PieceDefinition['auth']>): unknown {
  const flag = (declaration: Record<string, unknown>) => ({
    ...declaration,
    hasConnectionIdentifier: typeof declaration.getConnectionIdentifier === 'function',
  });
  return Array.isArray(auth) ? auth.map(flag) : flag(auth);
}

/**
 * The catalogue entry (`GET /v1/pieces/:name`) of a piece definition: its identity, auth,
 * categories and supported releases, and the metadata of each action (error-handling defaults,
 * sample data, audience, AI metadata, classification) and trigger (strategy, sample data, test
 * strategy, AI metadata, classification), without their code. Fields a piece does not declare
 * are left out.
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
        errorHandlingOptions: action.errorHandlingOptions,
        sampleData: action.sampleData,
        audience: action.audience,
        aiMetadata: action.aiMetadata,
        classification: action.classification,
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
        testStrategy: trigger.testStrategy,
        aiMetadata: trigger.aiMetadata,
        classification: trigger.classification,
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
    ...(piece.auth ? { auth: plain(withConnectionIdentifierFlag(piece.auth)) as PieceMetadata['auth'] } : {}),
    ...(piece.categories ? { categories: [...piece.categories] } : {}),
    ...(piece.minimumSupportedRelease ? { minimumSupportedRelease: piece.minimumSupportedRelease } : {}),
    ...(piece.maximumSupportedRelease ? { maximumSupportedRelease: piece.maximumSupportedRelease } : {}),
    actions: actions as PieceMetadata['actions'],
    triggers: triggers as PieceMetadata['triggers'],
  };
}
