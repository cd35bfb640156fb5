/**
 * `piecework test <dir>`: a folder of project files (docs/project-files.md) and the test cases
 * beside its flows, `flows/<flow file name>.tests.json` (an array of test cases without ids or
 * timestamps), run in this process with the engine, no server.
 */
import { projectStateFromFiles, type ProjectState } from '@piecework/shared';
import { readDirectoryFiles } from './read-directory-files';

/** A test cases file: `flows/<name>.tests.json`, capturing the flow's file name. */
const TESTS_FILE = /^flows\/([^/]+)\.tests\.json$/;

/** What a project directory holds for `piecework test`: its state and each flow's test cases file. */
export interface ProjectDirectory {
  state: ProjectState;
  /** The parsed JSON of each tests file, by the externalId its name gives. */
  testFiles: Map<string, unknown>;
}

/** A project directory that cannot be read: `message` says which file and why. */
export class ProjectDirectoryError extends Error {
  override readonly name = 'ProjectDirectoryError';
}

/**
 * Reads the project files of `dir` and its tests files. A tests file's name is its flow's file
 * name (the externalId, percent-encoded where it has other characters than letters, digits, `_`,
 * `-` and `.`) followed by `.tests.json`; tests files are not given to the project-files reader,
 * so they never read as flows. Throws {@link ProjectDirectoryError} for files that cannot be read.
 */
export function readProjectDirectory(dir: string): ProjectDirectory {
  const files = readDirectoryFiles(dir);
  const projectFiles: Record<string, string> = {};
  const testFiles = new Map<string, unknown>();
  for (const [path, text] of Object.entries(files)) {
    const name = TESTS_FILE.exec(path)?.[1];
    if (name === undefined) {
      projectFiles[path] = text;
      continue;
    }
    try {
      testFiles.set(decodeURIComponent(name), JSON.parse(text) as unknown);
    } catch (error) {
      throw new ProjectDirectoryError(`${path} is not JSON: ${(error as Error).message}`);
    }
  }
  const reading = projectStateFromFiles(projectFiles);
  if (!reading.ok) throw new ProjectDirectoryError(`${reading.refusal.path}: ${reading.refusal.message}`);
  return { state: reading.state, testFiles };
}
