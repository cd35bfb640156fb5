/**
 * The syntax check of a code step's source when a flow is saved, by esbuild's TypeScript parser:
 * a full parse of the module, so any syntax error is found (the engine's own sucrase transform
 * only strips types and rewrites imports, and lets some errors through to run time). The message
 * names the line and column of the first error.
 */
import type { Message, TransformFailure } from 'esbuild';
import { BoundedCache } from '@piecework/shared';

/** Sources longer than this are parsed every time instead of being cached. */
const MAX_CACHED_SOURCE_LENGTH = 100_000;
/** Checked sources by text: a save parses only the code steps whose source changed. */
const checked = new BoundedCache<string, { error: CodeSyntaxError | undefined }>(500);

/** Where and why a code step's source does not parse (line 1-based, column 1-based). */
export interface CodeSyntaxError {
  message: string;
  line: number;
  column: number;
}

/**
 * The first syntax error of `source` (TypeScript or JavaScript, an ES module), or undefined when
 * it parses. Use it to check a code step before its flow version is saved or published.
 */
export async function findCodeSyntaxError(source: string): Promise<CodeSyntaxError | undefined> {
  const known = checked.get(source);
  if (known !== undefined) return known.error;
  const error = await parseForSyntaxError(source);
  if (source.length <= MAX_CACHED_SOURCE_LENGTH) checked.set(source, { error });
  return error;
}

async function parseForSyntaxError(source: string): Promise<CodeSyntaxError | undefined> {
  const esbuild = await import('esbuild');
  try {
    await esbuild.transform(source, { loader: 'ts', format: 'esm', logLevel: 'silent' });
    return undefined;
  } catch (error) {
    const first = (error as Partial<TransformFailure>).errors?.[0];
    if (first === undefined) throw error;
    return syntaxErrorOf(first);
  }
}

function syntaxErrorOf(message: Message): CodeSyntaxError {
  const line = message.location?.line ?? 1;
  const column = (message.location?.column ?? 0) + 1;
  return {
    message: `The code step has a syntax error at line ${String(line)}, column ${String(column)}: ${message.text}`,
    line,
    column,
  };
}
