/**
 * Where each part of a project lives in a folder of project files (docs/project-files.md): file
 * names come from externalIds, which stay the same when a flow or table is renamed (as
 * Activepieces' git sync names its files).
 */

/** The file that marks a folder of project files and names its format version. */
export const PROJECT_MARKER_PATH = 'piecework-project.json';

/** The file listing the connections the flows may use (references, never secrets). */
export const CONNECTIONS_PATH = 'connections.json';

/**
 * The file name an externalId gets: letters, digits, `_` and `-` as they are, `.` too except
 * first, every other character percent-encoded as UTF-8 (`%2F` for `/`, `%25` for `%`). So no
 * externalId can name a path outside its folder, and two externalIds never share a name.
 */
export function projectFileName(externalId: string): string {
  let name = '';
  for (const char of externalId) {
    const kept = /^[A-Za-z0-9_-]$/.test(char) || (char === '.' && name !== '');
    name += kept ? char : percentEncoded(char);
  }
  return name;
}

function percentEncoded(char: string): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(char)) {
    encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** The file of flow `externalId`: `flows/<name>.json`. */
export function flowFilePath(externalId: string): string {
  return `flows/${projectFileName(externalId)}.json`;
}

/** The file holding the source of CODE step `stepName` of flow `externalId`. */
export function codeFilePath(externalId: string, stepName: string): string {
  return `flows/${projectFileName(externalId)}/${stepName}.ts`;
}

/** The file holding the package.json of CODE step `stepName` of flow `externalId`. */
export function packageJsonFilePath(externalId: string, stepName: string): string {
  return `flows/${projectFileName(externalId)}/${stepName}.package.json`;
}

/** The file of table `externalId`: `tables/<name>.json`. */
export function tableFilePath(externalId: string): string {
  return `tables/${projectFileName(externalId)}.json`;
}

const NAME = '[A-Za-z0-9_%-][A-Za-z0-9_.%-]*';
const STEP = '[A-Za-z_][A-Za-z0-9_]*';

/** `flows/<name>.json`, capturing the name. */
export const FLOW_FILE = new RegExp(`^flows/(${NAME})\\.json$`);
/** `tables/<name>.json`, capturing the name. */
export const TABLE_FILE = new RegExp(`^tables/(${NAME})\\.json$`);
const OWNED = [
  /^piecework-project\.json$/,
  /^connections\.json$/,
  FLOW_FILE,
  TABLE_FILE,
  new RegExp(`^flows/${NAME}/${STEP}(?:\\.ts|\\.package\\.json)$`),
];

/**
 * Whether `path` (relative, POSIX separators) is a file the project-files format owns: the marker,
 * connections.json, a flow's or table's file, a code step's source or package.json. A writer
 * deletes only such files, and a reader reads only them; anything else in the folder (a README,
 * `.git`) is the user's.
 */
export function isProjectFilePath(path: string): boolean {
  return OWNED.some((pattern) => pattern.test(path));
}
