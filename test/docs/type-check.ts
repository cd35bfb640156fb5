/**
 * Type-checks TypeScript files with the repository's compiler settings (`tsconfig.json`: strict,
 * `@piecework/*` resolved to the sources), for tests of code that lives in documents.
 */
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The compiler's errors for `files`, one formatted line each (none: `[]`). */
export function typeErrors(files: readonly string[]): string[] {
  const configFile = resolve(repoRoot, 'tsconfig.json');
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configFile));
  const program = ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true } });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${String(line + 1)}:${String(character + 1)} ${message}`;
  });
}
