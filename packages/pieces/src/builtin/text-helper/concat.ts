import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalText } from '../common/read-props';

/**
 * `concat`: joins `texts` with `seperator` (Activepieces' spelling; `separator` is accepted
 * too). Missing items become empty text; objects become JSON text.
 */
export const concat = createAction({
  name: 'concat',
  displayName: 'Concatenate',
  description: 'Concatenate two or more texts',
  props: {
    texts: Property.Array({ displayName: 'Texts', required: true }),
    seperator: Property.ShortText({
      displayName: 'Seperator',
      description: 'The text that seperates the texts you want to concatenate',
      required: false,
    }),
  },
  async run(ctx) {
    const { texts } = ctx.propsValue;
    if (!Array.isArray(texts)) throw new Error('Input "texts" must be a list');
    const separator =
      optionalText(ctx.propsValue, 'seperator') ?? optionalText(ctx.propsValue, 'separator') ?? '';
    return texts
      .map((text) =>
        text === undefined || text === null
          ? ''
          : typeof text === 'object'
            ? JSON.stringify(text)
            : String(text),
      )
      .join(separator);
  },
});
