/**
 * A folder of project files on disk (docs/project-files.md): reading the files the format owns,
 * and writing a project's files while leaving everything else in the folder alone.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isProjectFilePath } from '@piecework/shared';

/** The folders below the project folder that hold files of the format. */
const OWNED_FOLDERS = ['flows', 'tables'];

/**
 * The relative POSIX paths of the regular files under `dir/folder` (symbolic links are not
 * followed), or none when that folder does not exist.
 */
function filesUnder(dir: string, folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(dir, folder), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(dir, path);
    return entry.isFile() ? [path] : [];
  });
}

/** The paths of the files of the format present in `dir`, in no particular order. */
function ownedPaths(dir: string): string[] {
  const top = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  return [...top, ...OWNED_FOLDERS.flatMap((folder) => filesUnder(dir, folder))].filter(isProjectFilePath);
}

/**
 * The files of the format in `dir`, path to text (UTF-8), for `projectStateFromFiles`; other files
 * are not read. Throws the file system's error when `dir` cannot be read.
 */
export function readProjectFolder(dir: string): Record<string, string> {
  return Object.fromEntries(ownedPaths(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}

/** What {@link writeProjectFolder} did, in files. */
export interface ProjectFolderWrite {
  written: number;
  unchanged: number;
  deleted: number;
}

/**
 * Makes `dir` hold exactly `files` among the files of the format: writes each file whose text
 * differs (creating folders), deletes the format's files it no longer has (then any folder under
 * `flows/` left empty), and leaves every other file alone.
 */
export function writeProjectFolder(dir: string, files: Readonly<Record<string, string>>): ProjectFolderWrite {
  mkdirSync(dir, { recursive: true });
  const present = new Set(ownedPaths(dir));
  const result: ProjectFolderWrite = { written: 0, unchanged: 0, deleted: 0 };
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, path);
    if (present.has(path) && readFileSync(target, 'utf8') === text) {
      result.unchanged += 1;
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    result.written += 1;
  }
  for (const path of present) {
    if (Object.hasOwn(files, path)) continue;
    unlinkSync(join(dir, path));
    result.deleted += 1;
  }
  removeEmptyFolders(join(dir, 'flows'));
  return result;
}

/** Removes the empty folders directly under `folder` (a flow's code folder once its last step went). */
function removeEmptyFolders(folder: string): void {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const path = join(folder, entry.name);
    if (readdirSync(path).length === 0) rmdirSync(path);
  }
}
