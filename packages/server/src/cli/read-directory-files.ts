/** Reading a project directory into memory: every file's text by its path inside the directory. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders never read: version control and installed packages. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * Every file under `dir` (`.git` and `node_modules` left out) as its text, by its path relative
 * to `dir` with `/` separators (`flows/orders.json`), in path order.
 */
export function readDirectoryFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string): void => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(path);
      } else if (entry.isFile()) {
        files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
      }
    }
  };
  walk(dir);
  return files;
}
