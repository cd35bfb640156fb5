import { createPiece } from '../../framework/create-piece';
import { concat } from './concat';
import { find } from './find';
import { markdownToHtmlAction } from './markdown-to-html';
import { replace } from './replace';
import { split } from './split';

/** `@activepieces/piece-text-helper`: join, replace, split and search text; Markdown to HTML. */
export const textHelperPiece = createPiece({
  name: '@activepieces/piece-text-helper',
  displayName: 'Text Helper',
  description: 'Tools for text processing',
  logoUrl: 'https://cdn.activepieces.com/pieces/text-helper.svg',
  authors: ['abaza738', 'joeworkman', 'AbdulTheActivePiecer'],
  version: '0.4.2',
  actions: [concat, replace, split, find, markdownToHtmlAction],
  triggers: [],
});
