import { mathAction } from './math-common';

/** `subtraction_math`: second − first ("subtract the first number from the second"), as in Activepieces. */
export const subtraction = mathAction(
  {
    name: 'subtraction_math',
    displayName: 'Subtraction',
    description: 'Subtract the first number from the second number',
  },
  (first, second) => second - first,
);
