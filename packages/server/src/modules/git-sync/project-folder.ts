/**
 * A project's folder in a checkout, `projects/<slug>/`: reading the files the project file codec
 * knows, and replacing them with new ones (other files there, a README, stay). Only regular files
 * and real folders count: a symbolic link in the repository is never followed, read or written
 * through, so a branch cannot make the server read or write outside its checkout.
 */
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProjectFilePath } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';

/** Most bytes of project files read from one folder. */
const MAX_FOLDER_BYTES = 64 * 1024 * 1024;

/** The folder of project `slug`, relative to the checkout. */
export function projectFolder(slug: string): string {
  return `projects/${slug}`;
}

/** The codec's files under `projects/<slug>/` of `tree`, by path relative to that folder. */
export async function readProjectFolder(tree: string, slug: string): Promise<Record<string, string>> {
  const root = join(tree, projectFolder(slug));
  if (!(await isRealFolder(tree, projectFolder(slug)))) return {};
  const files: Record<string, string> = {};
  let total = 0;
  for (const path of await listFiles(root, '')) {
    if (!isProjectFilePath(path)) continue;
    const text = await readFile(join(root, path), 'utf8');
    total += text.length;
    if (total > MAX_FOLDER_BYTES) {
      throw ruleViolation(
        `projects/${slug}/ holds more than ${String(MAX_FOLDER_BYTES)} bytes of project files`,
        {
          reason: 'GIT_PROJECT_FOLDER_TOO_LARGE',
        },
      );
    }
    files[path] = text;
  }
  return files;
}

/**
 * Makes `projects/<slug>/` of `tree` hold exactly `files` among the codec's files: writes each one
 * and deletes the codec's files that `files` lacks.
 */
export async function writeProjectFolder(
  tree: string,
  slug: string,
  files: Readonly<Record<string, string>>,
): Promise<void> {
  const folder = projectFolder(slug);
  const before = await readProjectFolder(tree, slug);
  for (const path of Object.keys(before)) {
    if (!(path in files)) await rm(join(tree, folder, path), { force: true });
  }
  for (const [path, text] of Object.entries(files)) {
    const relative = `${folder}/${assertSafePath(path)}`;
    const parts = relative.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const dir = parts.slice(0, depth).join('/');
      await assertNotLink(tree, dir);
      await mkdir(join(tree, dir), { recursive: true });
    }
    await rm(join(tree, relative), { force: true, recursive: false }).catch(() => undefined);
    await writeFile(join(tree, relative), text, 'utf8');
  }
}

/** `path` when it is a plain relative path (no `..`, no absolute path); otherwise throws. */
function assertSafePath(path: string): string {
  if (path.startsWith('/') || path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`The project file codec answered an unsafe path: ${path}`);
  }
  return path;
}

/** Whether `relative` under `tree` is a folder whose every part is a real folder (no link). */
async function isRealFolder(tree: string, relative: string): Promise<boolean> {
  const parts = relative.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const stat = await lstat(join(tree, ...parts.slice(0, depth))).catch(() => undefined);
    if (stat === undefined || !stat.isDirectory()) return false;
  }
  return true;
}

/** Refuses (409 VALIDATION) a path of the checkout that is a symbolic link. */
async function assertNotLink(tree: string, relative: string): Promise<void> {
  const stat = await lstat(join(tree, relative)).catch(() => undefined);
  if (stat?.isSymbolicLink() === true) {
    throw ruleViolation(
      `${relative} is a symbolic link in the repository; git sync does not write through links`,
      {
        reason: 'GIT_SYMBOLIC_LINK',
        path: relative,
      },
    );
  }
}

/** The regular files under `dir` (links and `.git` left out), by path relative to it, sorted. */
async function listFiles(dir: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== '.git')
      found.push(...(await listFiles(join(dir, entry.name), path)));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}
