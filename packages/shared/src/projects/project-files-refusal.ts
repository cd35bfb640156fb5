import { z } from 'zod';

/** Why a folder of project files cannot be read as a project state. */
export const ProjectFilesRefusalCode = z.enum([
  /** piecework-project.json is absent: the folder is not a folder of project files. */
  'MISSING_PROJECT_FILE',
  /** piecework-project.json names a format version this release does not read. */
  'UNKNOWN_FORMAT_VERSION',
  /** A file is not JSON. */
  'INVALID_JSON',
  /** A file is JSON but not what its place in the folder holds (a flow, a table, connections...). */
  'SCHEMA_MISMATCH',
  /** A flow's or table's externalId is not the one its file name says. */
  'EXTERNAL_ID_MISMATCH',
  /** A CODE step's reference to its source file is not `{"$file": "<its own path>"}`. */
  'INVALID_CODE_REFERENCE',
  /** A CODE step refers to a source or package.json file that is not there. */
  'MISSING_CODE_FILE',
]);
export type ProjectFilesRefusalCode = z.infer<typeof ProjectFilesRefusalCode>;

/** A refused folder of project files: why, which file (relative POSIX path), and a sentence for people. */
export const ProjectFilesRefusal = z.object({
  code: ProjectFilesRefusalCode,
  path: z.string(),
  message: z.string(),
});
export type ProjectFilesRefusal = z.infer<typeof ProjectFilesRefusal>;

/** Thrown while reading project files and caught by `projectStateFromFiles`, which returns it as data. */
export class ProjectFilesRefusedError extends Error {
  constructor(readonly refusal: ProjectFilesRefusal) {
    super(refusal.message);
  }
}

/** Stops reading project files with a refusal. Use it only inside the project-files reader. */
export function refuseProjectFiles(code: ProjectFilesRefusalCode, path: string, message: string): never {
  throw new ProjectFilesRefusedError({ code, path, message });
}

/** The first problems zod found, in one line: `version.trigger.displayName: Invalid input ...`. */
export function describeSchemaIssues(error: z.ZodError): string {
  const [first, ...others] = error.issues;
  if (first === undefined) return 'does not match the schema';
  const where = first.path.length === 0 ? 'the file' : formatIssuePath(first.path);
  const more =
    others.length === 0
      ? ''
      : ` (and ${String(others.length)} more problem${others.length === 1 ? '' : 's'})`;
  return `${where}: ${first.message}${more}`;
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${String(key)}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
