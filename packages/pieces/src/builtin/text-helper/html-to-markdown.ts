import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { choice, requiredText } from '../common/read-props';
import { htmlToMarkdown } from './html-markdown';

/**
 * `html_to_markdown`: converts `html` to Markdown with Piecework's small converter (see
 * {@link htmlToMarkdown}). `flavor` (default `vanilla`) is checked but does not change the
 * output; it may differ in details from the reference's showdown.
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
    choice(props, 'flavor', ['vanilla', 'original', 'github'] as const, 'vanilla');
    return htmlToMarkdown(requiredText(props, 'html'));
  },
});
