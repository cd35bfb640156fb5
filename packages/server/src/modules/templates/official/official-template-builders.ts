/**
 * Builders the official template files are written with: a template's fixed fields, and the
 * triggers and steps they use, so each file reads as what the template does.
 */
import type { Step, Template, Trigger } from '@piecework/shared';

/** When the official templates were last revised (their `created` and `updated`). */
const REVISED = '2026-11-01T00:00:00.000Z';

/** An OFFICIAL template: the fixed fields plus `fields`. */
export function officialTemplate(
  fields: Omit<Template, 'created' | 'updated' | 'type' | 'status' | 'author' | 'platformId'>,
): Template {
  return {
    ...fields,
    created: REVISED,
    updated: REVISED,
    type: 'OFFICIAL',
    status: 'PUBLISHED',
    author: 'Piecework',
    platformId: null,
  };
}

/** A piece trigger named `trigger`, heading `nextAction`. */
export function pieceTrigger(
  displayName: string,
  piece: { name: string; version: string; trigger: string },
  input: Record<string, unknown>,
  nextAction?: Step,
): Trigger {
  return {
    name: 'trigger',
    displayName,
    type: 'PIECE_TRIGGER',
    valid: true,
    lastUpdatedDate: REVISED,
    settings: {
      pieceName: piece.name,
      pieceVersion: piece.version,
      triggerName: piece.trigger,
      propertySettings: {},
      input,
    },
    ...(nextAction === undefined ? {} : { nextAction }),
  };
}

/** A piece action step, followed by `nextAction`. */
export function pieceStep(
  name: string,
  displayName: string,
  piece: { name: string; version: string; action: string },
  input: Record<string, unknown>,
  nextAction?: Step,
): Step {
  return {
    name,
    displayName,
    type: 'PIECE',
    valid: true,
    lastUpdatedDate: REVISED,
    settings: {
      pieceName: piece.name,
      pieceVersion: piece.version,
      actionName: piece.action,
      propertySettings: {},
      input,
    },
    ...(nextAction === undefined ? {} : { nextAction }),
  };
}

/** A code step running `code` (an `export const code = async (inputs) => ...` module). */
export function codeStep(
  name: string,
  displayName: string,
  code: string,
  input: Record<string, unknown>,
  nextAction?: Step,
): Step {
  return {
    name,
    displayName,
    type: 'CODE',
    valid: true,
    lastUpdatedDate: REVISED,
    settings: { sourceCode: { code, packageJson: '{}' }, input },
    ...(nextAction === undefined ? {} : { nextAction }),
  };
}

/** The built-in pieces the official templates use, at the versions they were written for. */
export const PIECES = {
  webhook: { name: '@activepieces/piece-webhook', version: '0.1.29' },
  schedule: { name: '@activepieces/piece-schedule', version: '0.1.5' },
  http: { name: '@activepieces/piece-http', version: '0.9.1' },
  tables: { name: '@activepieces/piece-tables', version: '0.2.8' },
} as const;
