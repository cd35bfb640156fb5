import { createPiece } from '../../framework/create-piece';
import { concat } from './concat';
import { defaultValue } from './default-value';
import { find } from './find';
import { htmlToMarkdownAction } from './html-to-markdown';
import { jsonToAsciiTable } from './json-to-ascii-table';
import { markdownToHtmlAction } from './markdown-to-html';
import { replace } from './replace';
import { slugifyAction } from './slugify';
import { split } from './split';
import { stripHtmlContent } from './strip-html';

/**
 * `@activepieces/piece-text-helper`: join, replace, split and search text; Markdown to HTML and
 * back; strip HTML; slugs; default values; text tables.
 */
export const textHelperPiece = createPiece({
  name: '@activepieces/piece-text-helper',
  displayName: 'Text Helper',
  description: 'Tools for text processing',
  logoUrl: 'https://cdn.activepieces.com/pieces/text-helper.svg',
  authors: ['abaza738', 'joeworkman', 'AbdulTheActivePiecer'],
  version: '0.4.2',
  categories: ['CORE'],
  minimumSupportedRelease: '0.36.1',
  actions: [
    concat,
    replace,
    split,
    find,
    markdownToHtmlAction,
    htmlToMarkdownAction,
    stripHtmlContent,
    slugifyAction,
    defaultValue,
    jsonToAsciiTable,
  ],
  triggers: [],
});
