/**
 * Bundles a code step with its installed npm packages, with esbuild, into what the engine's
 * QuickJS sandbox runs (see `CodeBundler`): one script, no imports left, no Node built-ins.
 */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildFailure } from 'esbuild';
import type { CodeBundleOutcome } from '@piecework/engine';
import type { CodeDependencies } from '@piecework/shared';
import { codeImportGuard } from './code-import-guard';

/** The global the bundle's IIFE assigns its exports to, inside the sandbox's module function. */
const EXPORTS_NAME = '__pieceworkCodeStep';
/** The file name the code step's source has for esbuild (in messages: `code-step.ts:3:7`). */
const ENTRY_FILE = 'code-step.ts';

/**
 * Bundles `code` (TypeScript or JavaScript, ES modules) with the packages installed in
 * `installDir`: an IIFE for esbuild's browser platform (packages' `browser` builds preferred,
 * modules their `browser` field disables left empty, `process.env.NODE_ENV` is `"production"`;
 * QuickJS has no browser APIs either), minified, ending with `exports.code = ...` for the
 * sandbox. Fails, as the step's error, on a syntax error, an import the step may not make, or a
 * Node built-in any bundled module needs (see `codeImportGuard`).
 */
export async function bundleCodeStep(
  code: string,
  installDir: string,
  dependencies: CodeDependencies,
): Promise<CodeBundleOutcome> {
  const esbuild = await import('esbuild');
  // esbuild reports files by their real path: the guard compares them with the real folder.
  const realDir = await realpath(installDir);
  const entryPath = join(realDir, ENTRY_FILE);
  try {
    const result = await esbuild.build({
      stdin: { contents: code, loader: 'ts', resolveDir: realDir, sourcefile: ENTRY_FILE },
      absWorkingDir: realDir,
      bundle: true,
      write: false,
      format: 'iife',
      globalName: EXPORTS_NAME,
      // Browser, not neutral: packages' `browser` builds are picked, and modules their `browser`
      // field disables (`"crypto": false`) become empty ones instead of failing the bundle.
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [codeImportGuard({ installDir: realDir, entryPath, dependencies })],
    });
    const text = result.outputFiles[0]?.text ?? '';
    return { ok: true, bundle: `${text}\nexports.code = ${EXPORTS_NAME}.code;\n` };
  } catch (error) {
    return { ok: false, message: bundleFailureMessage(error) };
  }
}

function bundleFailureMessage(error: unknown): string {
  const first = (error as Partial<BuildFailure>).errors?.[0];
  if (!first)
    return `The code step could not be bundled: ${error instanceof Error ? error.message : String(error)}`;
  if (first.pluginName === 'piecework-code-import-guard') return first.text;
  const where = first.location
    ? ` (${first.location.file}:${first.location.line}:${first.location.column})`
    : '';
  return `The code step could not be bundled: ${first.text}${where}`;
}
