/**
 * A project's state as a folder of text files people keep in git and edit by hand, and back
 * (docs/project-files.md):
 *
 * ```
 * piecework-project.json        {"formatVersion": 1}
 * connections.json              the connections the flows may use, sorted by externalId
 * flows/<externalId>.json       one flow (its CODE steps' sources replaced by {"$file": ...})
 * flows/<externalId>/<step>.ts  a CODE step's source, exactly
 * flows/<externalId>/<step>.package.json   a CODE step's package.json, when it has dependencies
 * tables/<externalId>.json      one table's definition
 * ```
 *
 * Pure: the caller reads and writes the files. The same state always gives the same bytes.
 *
 * @example
 * ```ts
 * const files = projectStateToFiles(state); // {'flows/orders.json': '{\n  "externalId": ...'}
 * const read = projectStateFromFiles(files);
 * if (!read.ok) console.error(`${read.refusal.path}: ${read.refusal.message}`);
 * ```
 */
import { z } from 'zod';
import { stableJson } from '../common/stable-json';
import { isRecord } from '../flows/import/import-refusal';
import { flowWithCodeInFiles, triggerWithCodeFromFiles } from './code-step-files';
import {
  CONNECTIONS_PATH,
  FLOW_FILE,
  PROJECT_MARKER_PATH,
  TABLE_FILE,
  flowFilePath,
  projectFileName,
  tableFilePath,
} from './project-file-paths';
import {
  ProjectFilesRefusedError,
  describeSchemaIssues,
  refuseProjectFiles,
  type ProjectFilesRefusal,
} from './project-files-refusal';
import { ConnectionState, FlowState, TableState, type ProjectState } from './project-state';

export { isProjectFilePath } from './project-file-paths';

/** The version of the project-files format this release writes and reads. */
export const PROJECT_FILES_FORMAT_VERSION = 1;

/** What {@link projectStateFromFiles} answers: the state, or why the files are refused. */
export type ProjectFilesReading =
  { ok: true; state: ProjectState } | { ok: false; refusal: ProjectFilesRefusal };

const ProjectMarker = z.object({ formatVersion: z.number() });

/** Orders items by externalId, comparing UTF-16 code units (the same everywhere, unlike locales). */
function byExternalId<T extends { externalId: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
}

/**
 * The files of `state`: relative POSIX paths to their text, in path order. Flows, tables and
 * connections are ordered by externalId, object keys sorted, so the same state always gives the
 * same bytes, whatever order its parts came in. Throws when two parts would write one file
 * (two flows, tables or CODE steps of one flow with the same externalId or name): a project's
 * state never has such twins.
 */
export function projectStateToFiles(state: ProjectState): Record<string, string> {
  const files = new Map<string, string>();
  const write = (path: string, text: string): void => {
    if (files.has(path)) throw new Error(`Two parts of the project state would both be written to ${path}`);
    files.set(path, text);
  };
  write(PROJECT_MARKER_PATH, stableJson({ formatVersion: PROJECT_FILES_FORMAT_VERSION }));
  write(CONNECTIONS_PATH, stableJson(byExternalId(state.connections)));
  for (const flow of byExternalId(state.flows)) {
    const json = flowWithCodeInFiles(flow, write);
    write(flowFilePath(flow.externalId), stableJson(json));
  }
  for (const table of byExternalId(state.tables)) write(tableFilePath(table.externalId), stableJson(table));
  return Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The project state a folder of project files holds, or the first reason (in path order) it
 * cannot be read: a file that is not JSON, an unknown format version, a flow or table whose
 * externalId differs from its file name, a CODE step's missing source file, a file that does
 * not match its schema. `files` maps relative POSIX paths to text; paths the format does not own
 * are ignored, and connections.json may be absent (no connections).
 */
export function projectStateFromFiles(files: Readonly<Record<string, string>>): ProjectFilesReading {
  try {
    return { ok: true, state: readState(files) };
  } catch (error) {
    if (error instanceof ProjectFilesRefusedError) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

function readState(files: Readonly<Record<string, string>>): ProjectState {
  checkFormatVersion(files);
  const paths = Object.keys(files).sort();
  const connections = Object.hasOwn(files, CONNECTIONS_PATH)
    ? parseFile(CONNECTIONS_PATH, readJson(files, CONNECTIONS_PATH), z.array(ConnectionState))
    : [];
  const flows = paths.flatMap((path) => {
    const name = FLOW_FILE.exec(path)?.[1];
    return name === undefined ? [] : [readFlow(files, path, name)];
  });
  const tables = paths.flatMap((path) => {
    const name = TABLE_FILE.exec(path)?.[1];
    if (name === undefined) return [];
    const json = readJson(files, path);
    checkExternalId(json, path, name, 'table');
    return [parseFile(path, json, TableState)];
  });
  return { flows: byExternalId(flows), connections, tables: byExternalId(tables) };
}

function checkFormatVersion(files: Readonly<Record<string, string>>): void {
  if (!Object.hasOwn(files, PROJECT_MARKER_PATH)) {
    refuseProjectFiles(
      'MISSING_PROJECT_FILE',
      PROJECT_MARKER_PATH,
      `${PROJECT_MARKER_PATH} is missing: it marks a folder of project files and names its format version`,
    );
  }
  const marker = parseFile(PROJECT_MARKER_PATH, readJson(files, PROJECT_MARKER_PATH), ProjectMarker);
  if (marker.formatVersion !== PROJECT_FILES_FORMAT_VERSION) {
    refuseProjectFiles(
      'UNKNOWN_FORMAT_VERSION',
      PROJECT_MARKER_PATH,
      `${PROJECT_MARKER_PATH}: formatVersion ${String(marker.formatVersion)} is not one this release reads (it reads ${String(PROJECT_FILES_FORMAT_VERSION)})`,
    );
  }
}

function readFlow(files: Readonly<Record<string, string>>, path: string, name: string): FlowState {
  const json = readJson(files, path);
  const externalId = checkExternalId(json, path, name, 'flow');
  const version = isRecord(json) ? json['version'] : undefined;
  if (externalId === undefined || !isRecord(json) || !isRecord(version)) {
    return parseFile(path, json, FlowState);
  }
  const trigger = triggerWithCodeFromFiles(version['trigger'], externalId, files);
  return parseFile(path, { ...json, version: { ...version, trigger } }, FlowState);
}

/**
 * The externalId of a flow or table file's JSON, refused when it is not the one the file's name
 * says; undefined when the JSON has no string externalId (the schema refuses it then).
 */
function checkExternalId(
  json: unknown,
  path: string,
  name: string,
  kind: 'flow' | 'table',
): string | undefined {
  const externalId = isRecord(json) ? json['externalId'] : undefined;
  if (typeof externalId !== 'string') return undefined;
  const expected = kind === 'flow' ? flowFilePath(externalId) : tableFilePath(externalId);
  if (projectFileName(externalId) !== name) {
    refuseProjectFiles(
      'EXTERNAL_ID_MISMATCH',
      path,
      `${path} holds the ${kind} with externalId "${externalId}", whose file is ${expected}: a file's name must be its ${kind}'s externalId`,
    );
  }
  return externalId;
}

function readJson(files: Readonly<Record<string, string>>, path: string): unknown {
  try {
    return JSON.parse(files[path]!) as unknown;
  } catch (error) {
    return refuseProjectFiles('INVALID_JSON', path, `${path} is not JSON: ${(error as Error).message}`);
  }
}

function parseFile<S extends z.ZodType>(path: string, json: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    refuseProjectFiles('SCHEMA_MISMATCH', path, `${path}: ${describeSchemaIssues(parsed.error)}`);
  return parsed.data;
}
