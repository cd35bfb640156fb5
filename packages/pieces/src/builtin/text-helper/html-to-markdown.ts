import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { choice, requiredText } from '../common/read-props';

/**
 * `html_to_markdown`: converts `html` to Markdown with the `turndown` library, set up as the
 * Activepieces piece does: turndown's default options (setext `===` headings for levels 1 and 2,
 * `*` bullets, indented code blocks, `_` emphasis; tables become their cells' text) and `script`
 * elements removed with their content. `flavor` (default `vanilla`), an input of an earlier
 * version of Activepieces, is checked but does not change the output.
 */
export const htmlToMarkdownAction = createAction({
  name: 'html_to_markdown',
  displayName: 'HTML to Markdown',
  description: 'Convert HTML to Markdown',
  props: {
    html: Property.LongText({
      displayName: 'HTML Content',
      description: 'The HTML to convert to markdown',
      required: true,
    }),
    flavor: Property.StaticDropdown({
      displayName: 'Flavor of Markdown',
      description: 'The flavor of markdown use during conversion',
      required: true,
      defaultValue: 'vanilla',
      options: {
        options: [
          { label: 'Default', value: 'vanilla' },
          { label: 'Original', value: 'original' },
          { label: 'Github', value: 'github' },
        ],
      },
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const html = requiredText(props, 'html');
    choice(props, 'flavor', ['vanilla', 'original', 'github'] as const, 'vanilla');
    const { default: TurndownService } = await import('turndown');
    const turndown = new TurndownService();
    turndown.remove('script');
    return turndown.turndown(html);
  },
});
