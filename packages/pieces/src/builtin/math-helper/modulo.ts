import { mathAction } from './math-common';

/** `modulo_math`: the remainder of first ÷ second (JavaScript `%`); fails when second is 0. */
export const modulo = mathAction(
  {
    name: 'modulo_math',
    displayName: 'Modulo',
    description: 'Get the remainder of the first number divided by second number',
  },
  (first, second) => {
    if (second === 0) throw new Error('Input "second_number" must not be zero');
    return first % second;
  },
);
