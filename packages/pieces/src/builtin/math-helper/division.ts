import { mathAction } from './math-common';

/** `division_math`: first ÷ second; fails when second is 0. */
export const division = mathAction(
  { name: 'division_math', displayName: 'Division', description: 'Divide first number by the second number' },
  (first, second) => {
    if (second === 0) throw new Error('Input "second_number" must not be zero');
    return first / second;
  },
);
