/**
 * Template bodies with flows exported by any version of Activepieces: each flow of
 * `flows` is migrated to today's flow model before the body is validated, as IMPORT_FLOW does
 * for one flow. Reference upgrades (`{{ }}` dialect) happen when the template is used, by
 * IMPORT_FLOW itself (the flow keeps its exported `schemaVersion`). The code artifacts of all the
 * body's flows share one budget of inflated bytes, as those of one imported flow do.
 */
import { migrateImportRequest } from '@piecework/shared';

/** What the code artifacts of one body may still inflate to (`{}`: the whole budget). */
type ArtifactBudget = NonNullable<Parameters<typeof migrateImportRequest>[1]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body with every flow of `flows` that migrates replaced by its migrated trigger, name and
 * schema version (its other fields kept); a flow that does not migrate is left for the body's
 * schema validation to report. Use it as the create and update routes' `prepareBody`.
 */
export function migrateTemplateFlowsBody(body: unknown): unknown {
  if (!isRecord(body) || !Array.isArray(body.flows)) return body;
  const artifacts: ArtifactBudget = {};
  return { ...body, flows: body.flows.map((flow: unknown) => migrateTemplateFlow(flow, artifacts)) };
}

function migrateTemplateFlow(flow: unknown, artifacts: ArtifactBudget): unknown {
  if (!isRecord(flow)) return flow;
  const result = migrateImportRequest(flow, artifacts);
  if (!result.ok || !isRecord(result.request)) return flow;
  const { displayName, trigger, schemaVersion } = result.request;
  return { ...flow, displayName, trigger, schemaVersion: schemaVersion ?? null };
}
