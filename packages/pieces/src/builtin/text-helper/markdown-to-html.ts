import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { choice, optionalBoolean, optionalNumber, requiredText } from '../common/read-props';
import { sanitizeMarkdownHtml } from './sanitize-markdown-html';

/**
 * `markdown_to_html`: converts `markdown` to HTML with the `showdown` library, configured as the
 * Activepieces piece does (the options below, `omitExtraWLInCodeBlocks`, then `setFlavor`, whose
 * preset overrides them: `github` turns on tables and simple line breaks, `vanilla` resets every
 * option to showdown's default). Unlike Activepieces, the HTML is then sanitized
 * ({@link sanitizeMarkdownHtml}): no scripts, event handlers or `javascript:` links.
 */
export const markdownToHtmlAction = createAction({
  name: 'markdown_to_html',
  displayName: 'Markdown to HTML',
  description: 'Convert markdown to HTML',
  props: {
    markdown: Property.LongText({
      displayName: 'Markdown Content',
      description: 'The markdown to convert to HTML',
      required: true,
    }),
    flavor: Property.StaticDropdown({
      displayName: 'Flavor of Markdown',
      description: 'The flavor of markdown use during conversion',
      required: true,
      defaultValue: 'github',
      options: {
        options: [
          { label: 'Default', value: 'vanilla' },
          { label: 'Original', value: 'original' },
          { label: 'GitHub', value: 'github' },
        ],
      },
    }),
    headerLevelStart: Property.Number({
      displayName: 'Minimum Header Level',
      description: 'The minimum header level to use during conversion',
      required: true,
      defaultValue: 1,
    }),
    tables: Property.Checkbox({
      displayName: 'Support Tables',
      description: 'Whether to support tables during conversion',
      required: true,
      defaultValue: true,
    }),
    noHeaderId: Property.Checkbox({
      displayName: 'No Header ID',
      description: 'Whether to add an ID to headers during conversion',
      required: true,
      defaultValue: false,
    }),
    simpleLineBreaks: Property.Checkbox({
      displayName: 'Simple Line Breaks',
      description: 'Parses line breaks as &lt;br&gt;, without needing 2 spaces at the end of the line',
      required: true,
      defaultValue: false,
    }),
    openLinksInNewWindow: Property.Checkbox({
      displayName: 'Open Links in New Window',
      required: true,
      defaultValue: false,
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const headerLevelStart = optionalNumber(props, 'headerLevelStart') ?? 1;
    if (!Number.isInteger(headerLevelStart) || headerLevelStart < 1 || headerLevelStart > 6) {
      throw new Error('Input "headerLevelStart" must be a whole number from 1 to 6');
    }
    const markdown = requiredText(props, 'markdown');
    const flavor = choice(props, 'flavor', ['vanilla', 'original', 'github'] as const, 'github');
    const { default: showdown } = await import('showdown');
    const converter = new showdown.Converter({
      headerLevelStart,
      omitExtraWLInCodeBlocks: true,
      noHeaderId: optionalBoolean(props, 'noHeaderId'),
      tables: optionalBoolean(props, 'tables', true),
      simpleLineBreaks: optionalBoolean(props, 'simpleLineBreaks'),
      openLinksInNewWindow: optionalBoolean(props, 'openLinksInNewWindow'),
    });
    converter.setFlavor(flavor);
    return sanitizeMarkdownHtml(converter.makeHtml(markdown));
  },
});
