import { describe, expect, it } from 'vitest';
import { parseTimeExpression } from './time-expression';

describe('parseTimeExpression', () => {
  it.each([
    [
      '+ 2 second + 1 hour',
      [
        [2, 'second'],
        [1, 'hour'],
      ],
    ],
    [
      '+ 1 year - 3 day - 2 month',
      [
        [1, 'year'],
        [-3, 'day'],
        [-2, 'month'],
      ],
    ],
    ['5 minute', [[5, 'minute']]],
    [
      '- 1 day 2 hours',
      [
        [-1, 'day'],
        [-2, 'hour'],
      ],
    ],
    [
      '+1Day\n-2HOURS\r\n+ 3 minutes',
      [
        [1, 'day'],
        [-2, 'hour'],
        [3, 'minute'],
      ],
    ],
    ['+-1 day', [[-1, 'day']]],
  ])('reads %j', (expression, terms) => {
    expect(parseTimeExpression(expression)).toEqual(terms.map(([amount, unit]) => ({ amount, unit })));
  });

  it.each([
    [
      '+ 2 fortnights',
      'Unknown unit "fortnights" in the expression: use year, month, day, hour, minute, second',
    ],
    ['+ 1.5 day', 'Unknown unit "." in the expression'],
    ['+ 1 day, + 2 hour', 'Unknown unit "day," in the expression'],
    ['tomorrow', 'Cannot read the expression "tomorrow" near "tomorrow"'],
    ['+ 1 day + 5', 'Cannot read the expression "+ 1 day + 5" near "+5"'],
    [' \n ', 'Input "expression" must hold a term such as + 1 day'],
  ])('refuses %j', (expression, message) => {
    expect(() => parseTimeExpression(expression)).toThrow(message);
  });
});
