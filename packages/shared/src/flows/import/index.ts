/**
 * Import of flow exports found in the wild: {@link migrateExport} turns any wrapper and any
 * schema version into IMPORT_FLOW requests, or refuses with a reason.
 *
 * @example
 * ```ts
 * const result = migrateExport(JSON.parse(text));
 * if (result.ok) for (const { request } of result.flows) console.log(request.displayName);
 * ```
 * @module
 */
export { ExportShape } from './export-shape';
export { ImportRefusal, ImportRefusalReason } from './import-refusal';
export { migrateExport, migrateImportRequest } from './migrate-export';
export type { MigratedFlow, MigrateExportResult } from './migrate-export';
