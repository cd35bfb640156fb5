/**
 * A Vite plugin that puts the embed SDK's script-tag bundle into the built app as
 * `sdk/piecework-embed.js`, so every Piecework server that serves the app also serves the SDK its
 * host pages load (`<script src="https://piecework.example.com/sdk/piecework-embed.js">`, as the
 * reference platform's snippets load it from its CDN). The bundle is built with the one
 * configuration that builds it for the `@piecework/embed` package (`embedScriptTagBuild`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';
import type { Plugin } from 'vite';
import { embedScriptTagBuild } from '../../../tsup.config';

/** Where the app serves the SDK. */
export const EMBED_SDK_PATH = 'sdk/piecework-embed.js';

/** The plugin: builds the SDK once per app build and emits it at {@link EMBED_SDK_PATH}. */
export function embedSdkScript(): Plugin {
  return {
    name: 'piecework-embed-sdk-script',
    apply: 'build',
    async generateBundle() {
      const outDir = mkdtempSync(join(tmpdir(), 'piecework-embed-sdk-'));
      try {
        await build({ ...embedScriptTagBuild, outDir, silent: true, config: false });
        const source = readFileSync(join(outDir, 'piecework-embed.global.js'));
        this.emitFile({ type: 'asset', fileName: EMBED_SDK_PATH, source });
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
