import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import loops between folders (ARCHITECTURE.md, "Folders and their order"): the folders of a
 * package form layers, so each can be read, tested and changed knowing only those below it.
 *
 * Checked for the server, the engine and shared. A folder is a top folder of the package's `src`;
 * in the server, `modules/<feature>` and `infrastructure/<part>` are folders of their own. Left
 * out: the files at the top of `src` (entry points and, in the server, the composition root,
 * which import every layer to assemble it), test files, and test kits (`testing/`,
 * `*-fixtures/`). Every import counts, `import type` too: a type import is still a dependency a
 * reader must follow.
 *
 * TypeScript's own `preProcessFile` reads each file's imports (static, dynamic and type-only);
 * the loops are the strongly connected components of the folder graph (Tarjan's algorithm: no
 * maintained package computes them over folders rather than files).
 */
const CHECKED_PACKAGES = ['server', 'engine', 'shared'];

/** Every source file under `dir`, tests and test kits left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'testing' || entry.name.endsWith('-fixtures') ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The folder of `file` in the package whose sources are `src`, or undefined for a top file. */
function folderOf(src: string, file: string): string | undefined {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) return undefined;
  const [top, second] = parts;
  return (top === 'modules' || top === 'infrastructure') && parts.length > 2 ? `${top}/${second}` : top;
}

/**
 * The folder graph of the package whose sources are `src`: each folder and the folders its files
 * import, with one import as evidence.
 */
function folderGraph(src: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), imported.fileName);
      if (!target.startsWith(src + sep)) continue;
      const to = folderOf(src, target);
      if (to === undefined || to === from || to === 'testing') continue;
      if (!edges.has(to)) edges.set(to, `${relative(src, file)} imports ${imported.fileName}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder: each is an import loop. */
function importLoops(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return loops;
}

/** Each loop with the imports that close it, so a failure says where to look. */
function describeLoops(graph: Map<string, Map<string, string>>, loops: string[][]): string[] {
  return loops.map((loop) => {
    const members = new Set(loop);
    const evidence = loop.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => members.has(to)).map(([, why]) => `  ${why}`),
    );
    return [`${loop.join(' <-> ')}:`, ...evidence].join('\n');
  });
}

describe.each(CHECKED_PACKAGES)("the %s package's folders", (name) => {
  const graph = folderGraph(resolve('packages', name, 'src'));

  it('import each other without loops', () => {
    expect(describeLoops(graph, importLoops(graph))).toEqual([]);
  });
});

describe('the check', () => {
  const graph = folderGraph(resolve('packages/server/src'));

  it('sees every folder, so it cannot pass by reading nothing', () => {
    expect(graph.size).toBeGreaterThan(40);
    expect([...graph.keys()]).toEqual(
      expect.arrayContaining(['execution', 'modules/flows', 'modules/webhooks', 'infrastructure/storage']),
    );
  });

  it('finds a loop when there is one', () => {
    const looped = new Map(graph);
    looped.set('infrastructure/storage', new Map([['modules/flows', 'a test import']]));
    const loops = importLoops(looped);
    expect(
      loops.some((loop) => loop.includes('infrastructure/storage') && loop.includes('modules/flows')),
    ).toBe(true);
  });
});
