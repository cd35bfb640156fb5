/**
 * Reads fenced code blocks out of markdown, so tests run a document's examples as written (and
 * the document cannot drift from what works).
 */

/** One fenced block: its info string's language and its text (without the fences). */
export interface CodeBlock {
  lang: string;
  code: string;
}

/**
 * The fenced blocks of the section under the heading line `heading` (e.g. `## Client`), up to the
 * next heading of the same or a higher level; all blocks of the text without one. A heading that is
 * not there throws, naming it.
 */
export function codeBlocks(markdown: string, heading?: string): CodeBlock[] {
  let text = markdown;
  if (heading !== undefined) {
    const lines = markdown.split('\n');
    const start = lines.indexOf(heading);
    if (start === -1) throw new Error(`no heading "${heading}" in the document`);
    const level = /^#+/.exec(heading)?.[0].length ?? 0;
    const next = lines.findIndex(
      (line, index) => index > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level,
    );
    text = lines.slice(start + 1, next === -1 ? undefined : next).join('\n');
  }
  return [...text.matchAll(/^```(\w*)[^\n]*\n([^]*?)^```$/gm)].map((match) => ({
    lang: match[1] ?? '',
    code: match[2] ?? '',
  }));
}

/** The one block of `lang` under `heading`; none or several throws, saying so. */
export function onlyCodeBlock(markdown: string, heading: string, lang: string): string {
  const blocks = codeBlocks(markdown, heading).filter((block) => block.lang === lang);
  if (blocks.length !== 1) throw new Error(`"${heading}" has ${String(blocks.length)} ${lang} blocks, not 1`);
  return blocks[0]!.code;
}
