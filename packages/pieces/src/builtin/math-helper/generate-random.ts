import { randomInt } from 'node:crypto';
import { mathAction } from './math-common';

/** `generateRandom_math`: a random whole number from first to second, both included. */
export const generateRandom = mathAction(
  {
    name: 'generateRandom_math',
    displayName: 'Generate Random Number',
    description: 'Generate random number between two numbers (inclusive)',
  },
  (first, second) => {
    const min = Math.ceil(first);
    const max = Math.floor(second);
    if (min > max)
      throw new Error(
        'Input "first_number" must not be greater than "second_number" (no whole number lies between them)',
      );
    if (!Number.isSafeInteger(max - min + 1))
      throw new Error('The range between the two numbers is too large');
    return min + randomInt(max - min + 1);
  },
);
