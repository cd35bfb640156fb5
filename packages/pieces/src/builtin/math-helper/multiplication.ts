import { mathAction } from './math-common';

/** `multiplication_math`: first × second. */
export const multiplication = mathAction(
  {
    name: 'multiplication_math',
    displayName: 'Multiplication',
    description: 'Multiply first number by the second number',
  },
  (first, second) => first * second,
);
