import { isRecord } from '../import/import-refusal';
import { MigrationNames, migrateStep } from '../import/migrate-tree';
import { COPY_ACTIONS_TYPE } from './clipboard-format';

/**
 * Brings the steps of parsed clipboard JSON into today's step model the way an import does
 * (missing `propertySettings` / `input` filled in, UI-only keys dropped, old BRANCH steps turned
 * into routers, legacy code artifacts read), so that steps copied in any Activepieces release
 * paste. JSON of neither clipboard format is answered unchanged, for the schemas to refuse.
 * Throws an `ImportRefusedError` for steps no Activepieces release has.
 * Use it between `JSON.parse` and the clipboard schemas.
 */
export function migrateCopiedSteps(json: unknown): unknown {
  if (isRecord(json) && json.type === COPY_ACTIONS_TYPE && Array.isArray(json.actions)) {
    const migrate = migrator(json.actions);
    return { ...json, actions: json.actions.map((action, index) => migrate(action, `actions.${index}`)) };
  }
  if (Array.isArray(json) && json.every((entry) => isRecord(entry) && isRecord(entry.action))) {
    const entries = json as Record<string, unknown>[];
    const migrate = migrator(entries.map((entry) => entry.action));
    return entries.map((entry, index) => ({ ...entry, action: migrate(entry.action, `${index}.action`) }));
  }
  return json;
}

function migrator(steps: unknown[]) {
  // Steps the migration adds (routers for old failure branches) get names none of these has.
  const context = { names: new MigrationNames({ children: steps }), artifacts: {} };
  return (step: unknown, path: string) =>
    isRecord(step) ? migrateStep({ ...step, nextAction: undefined }, path, context) : step;
}
