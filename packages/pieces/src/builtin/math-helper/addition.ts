import { mathAction } from './math-common';

/** `addition_math`: first + second. */
export const addition = mathAction(
  {
    name: 'addition_math',
    displayName: 'Addition',
    description: 'Add the first number and the second number',
  },
  (first, second) => first + second,
);
