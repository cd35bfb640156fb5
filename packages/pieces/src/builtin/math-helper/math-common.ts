import type { ActionDefinition } from '../../framework/piece-definition';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredNumber } from '../common/read-props';

/** The two inputs every math action has. */
export const numberProps = {
  first_number: Property.Number({ displayName: 'First Number', required: true }),
  second_number: Property.Number({ displayName: 'Second Number', required: true }),
};

/** A math action computing `compute(first_number, second_number)`. */
export function mathAction(
  definition: Pick<ActionDefinition, 'name' | 'displayName' | 'description'>,
  compute: (first: number, second: number) => number,
): ActionDefinition {
  return createAction({
    ...definition,
    props: numberProps,
    async run(ctx) {
      return compute(
        requiredNumber(ctx.propsValue, 'first_number'),
        requiredNumber(ctx.propsValue, 'second_number'),
      );
    },
  });
}
