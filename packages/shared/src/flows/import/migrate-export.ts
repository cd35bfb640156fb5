import { CURRENT_SCHEMA_VERSION } from '../flow-version';
import { ImportFlowRequest, type FlowOperationRequest } from '../operations';
import { resolveDisplayNameReferences } from './display-name-references';
import { detectExport, type ExportShape, type RawExportedFlow } from './export-shape';
import { ImportRefusedError, refuse, type ImportRefusal } from './import-refusal';
import { migrateTrigger } from './migrate-trigger';

/** One migrated flow: the IMPORT_FLOW request, and the `schemaVersion` it was exported with. */
export interface MigratedFlow {
  request: FlowOperationRequest<'IMPORT_FLOW'>;
  /** The exported `schemaVersion` (null when the export had none). */
  exportedSchemaVersion: string | null;
}

/** The outcome of {@link migrateExport}: the flows to import, or why nothing can be. */
export type MigrateExportResult =
  { ok: true; shape: ExportShape; flows: MigratedFlow[] } | { ok: false; refusal: ImportRefusal };

function schemaVersionOf(flow: Record<string, unknown>): string | null {
  const value = flow.schemaVersion;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function migrateFlow(
  { flow, wrapperName, path }: RawExportedFlow,
  artifacts: { inflatedBytesLeft?: number },
): MigratedFlow {
  const exportedSchemaVersion = schemaVersionOf(flow);
  const prefix = path === '' ? '' : `${path}.`;
  const candidate = {
    displayName: typeof flow.displayName === 'string' ? flow.displayName : (wrapperName ?? 'Imported flow'),
    trigger: migrateTrigger(flow.trigger, `${prefix}trigger`, artifacts),
    schemaVersion: exportedSchemaVersion,
    ...(Array.isArray(flow.notes) ? { notes: flow.notes } : {}),
  };
  const parsed = ImportFlowRequest.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = [prefix.replace(/\.$/, ''), ...issue.path.map(String)].filter(Boolean).join('.');
    refuse('INVALID_FLOW', `the flow does not parse after migration: ${where}: ${issue.message}`, where);
  }
  const request = parsed.data;
  if (request.schemaVersion === CURRENT_SCHEMA_VERSION) return { request, exportedSchemaVersion };
  return {
    request: { ...request, trigger: resolveDisplayNameReferences(request.trigger) },
    exportedSchemaVersion,
  };
}

/**
 * Turns any flow export found in the wild into IMPORT_FLOW requests: detects the wrapper (bare
 * request, `{type: 'IMPORT_FLOW', request}`, PopulatedFlow, template with `template` or
 * `flows[]`, solution with `state.flows`), migrates every schema version from none to the newest
 * to today's model (see `migrateTrigger` / `migrateStep`), resolves display-name references,
 * and parses each result as an {@link ImportFlowRequest}. The `{{ }}` dialect upgrade to NESTED
 * is left to IMPORT_FLOW itself (it upgrades every request whose `schemaVersion` is not
 * Piecework's). Refuses, as data, the 2022 engine format, fork-only step types, packaged code
 * artifacts, code artifacts that cannot be read or that inflate past the budget in `artifacts`
 * (`{}`: 8 MiB for all the export's artifacts; pass one object to many calls to share it), and
 * non-exports. Pure: no IO.
 *
 * @example
 * ```ts
 * const result = migrateExport(JSON.parse(text));
 * if (!result.ok) throw new Error(result.refusal.message);
 * for (const { request } of result.flows) await client.flows.update(id, { type: 'IMPORT_FLOW', request });
 * ```
 */
export function migrateExport(
  json: unknown,
  artifacts: { inflatedBytesLeft?: number } = {},
): MigrateExportResult {
  try {
    const detected = detectExport(json);
    const flows = detected.flows.map((flow) => migrateFlow(flow, artifacts));
    return { ok: true, shape: detected.shape, flows };
  } catch (error) {
    if (error instanceof ImportRefusedError) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/**
 * The request of an IMPORT_FLOW operation as the server takes it: a request that already parses
 * as an {@link ImportFlowRequest} as it is (IMPORT_FLOW upgrades its references), anything else
 * through {@link migrateExport}, which must find exactly one flow. Use it before validating an
 * IMPORT_FLOW body; to migrate many flows of one request, pass each call the same `artifacts`
 * object (`{}`), so that their code artifacts share one budget.
 */
export function migrateImportRequest(
  raw: unknown,
  artifacts: { inflatedBytesLeft?: number } = {},
): { ok: true; request: unknown } | { ok: false; refusal: ImportRefusal } {
  if (ImportFlowRequest.safeParse(raw).success) return { ok: true, request: raw };
  const result = migrateExport(raw, artifacts);
  if (!result.ok) return result;
  if (result.flows.length !== 1)
    return {
      ok: false,
      refusal: {
        reason: 'NOT_AN_EXPORT',
        message: `an IMPORT_FLOW request holds exactly one flow; this export holds ${result.flows.length}`,
      },
    };
  return { ok: true, request: result.flows[0]!.request };
}
