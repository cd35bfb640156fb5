import { z } from 'zod';

/** Why an export cannot be imported at all (as opposed to importing with invalid steps). */
export const ImportRefusalReason = z.enum([
  /** Not JSON of any known export shape (no trigger, no `flows`, no `template`...). */
  'NOT_AN_EXPORT',
  /** The 2022 engine format: numeric ids, `configs`, `artifactPackagedId` code, `${…}` references. */
  'FORMAT_2022',
  /** A step type no Activepieces release has (a fork's own format). */
  'UNKNOWN_STEP_TYPE',
  /** A CODE step whose legacy `artifact` cannot be read (not base64 of a ZIP archive of index.ts and package.json). */
  'CODE_ARTIFACT',
  /** After migration the flow still does not parse as an IMPORT_FLOW request. */
  'INVALID_FLOW',
]);
export type ImportRefusalReason = z.infer<typeof ImportRefusalReason>;

/** A refused import: the reason, a sentence for people, and where in the file (when known). */
export const ImportRefusal = z.object({
  reason: ImportRefusalReason,
  message: z.string(),
  path: z.string().optional(),
});
export type ImportRefusal = z.infer<typeof ImportRefusal>;

/** Thrown inside the migrator and caught by `migrateExport`, which returns it as data. */
export class ImportRefusedError extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.message);
  }
}

/** Stops the migration with a refusal. Use it only inside the import migrator. */
export function refuse(reason: ImportRefusalReason, message: string, path?: string): never {
  throw new ImportRefusedError({ reason, message, ...(path === undefined ? {} : { path }) });
}

/** Whether `value` is a plain JSON object. Use it to read untyped export JSON. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
