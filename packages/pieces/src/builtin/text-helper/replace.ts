import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalBoolean, optionalText, requiredText } from '../common/read-props';
import { userRegExp } from './regex';

/**
 * `replace`: replaces every match of `searchValue` (a regular expression; plain text works when
 * it has no special characters) in `text` with `replaceValue` (empty deletes), or only the first
 * with `replaceOnlyFirst`.
 */
export const replace = createAction({
  name: 'replace',
  displayName: 'Replace',
  description: 'Replaces all instances of any word, character or phrase in text, with another.',
  props: {
    text: Property.ShortText({ displayName: 'Text', required: true }),
    searchValue: Property.ShortText({
      displayName: 'Search Value',
      description: 'Can be plain text or a regex expression.',
      required: true,
    }),
    replaceValue: Property.ShortText({
      displayName: 'Replace Value',
      description: 'Leave empty to delete found results.',
      required: false,
    }),
    replaceOnlyFirst: Property.Checkbox({
      displayName: 'Replace Only First Match',
      description: 'Only replaces the first instance of the search value.',
      required: false,
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const onlyFirst = optionalBoolean(props, 'replaceOnlyFirst');
    const expression = userRegExp('searchValue', requiredText(props, 'searchValue'), onlyFirst ? '' : 'g');
    return requiredText(props, 'text').replace(expression, optionalText(props, 'replaceValue') ?? '');
  },
});
