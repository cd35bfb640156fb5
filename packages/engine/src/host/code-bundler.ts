/** A code step's source as the flow holds it: the code, and the text of its `package.json`. */
export interface CodeSource {
  code: string;
  packageJson: string;
}

/**
 * A code step made runnable with its npm packages: `bundle` is a CommonJS function body (of
 * `exports`) that sets `exports.code`, with every package it imports inlined; or why there is
 * none (a package that cannot be installed or needs a Node built-in), as the step's error.
 */
export type CodeBundleOutcome = { ok: true; bundle: string } | { ok: false; message: string };

/**
 * Installs and bundles the npm packages of code steps whose `package.json` declares
 * dependencies (the engine stays pure: the server does it, outside the engine). Code steps
 * without dependencies never reach it. An answer for the same source must be the same bundle:
 * the engine may keep it and not ask again.
 */
export interface CodeBundler {
  bundle(source: CodeSource): Promise<CodeBundleOutcome>;
}
