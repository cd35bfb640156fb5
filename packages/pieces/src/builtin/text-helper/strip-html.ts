import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';

/**
 * `stripHtml`: the text of `html` without its tags, from the `string-strip-html` library with
 * its default options, as the Activepieces piece calls it. It removes tags, comments and the
 * content of `script` and `style`, decodes every HTML entity (`caf&eacute; &euro;` → `café €`),
 * puts a space where block tags (`p`, `br`, `li`, ...) met text, collapses runs of whitespace
 * around tags and trims the ends. Entities are decoded before tags are found, so escaped markup
 * goes too (`&lt;b&gt;x&lt;/b&gt;` → `x`).
 */
export const stripHtmlContent = createAction({
  name: 'stripHtml',
  displayName: 'Remove HTML Tags',
  description: 'Removes every HTML tag and returns plain text',
  props: {
    html: Property.LongText({ displayName: 'HTML content', required: true }),
  },
  async run(ctx) {
    const html = requiredText(ctx.propsValue, 'html');
    const { stripHtml } = await import('string-strip-html');
    return stripHtml(html).result;
  },
});
