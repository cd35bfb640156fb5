/**
 * The add/subtract expression (`+ 1 year - 3 days + 2 hour`) is the Activepieces piece's own little
 * language, which no dayjs plugin reads; dayjs's `add` applies the terms read here.
 */
import { TIME_UNITS } from './date-formats';
import type { TimeUnit } from './date-formats';

/** One term of an add/subtract expression: `+ 2 day`. */
export interface TimeTerm {
  amount: number;
  unit: TimeUnit;
}

const TERM = /([+-]*)(\d+)([^+\-\d]+)/y;

/**
 * Reads an expression as Activepieces does: spaces and line breaks are dropped, a sign holds
 * for the terms after it until the next sign (`- 1 day 2 hour` subtracts both; `+` at first),
 * units are case-blind and may end in `s`. Throws where Activepieces would skip text silently:
 * an unknown unit, text that is not a term, or no term at all.
 */
export function parseTimeExpression(expression: string): TimeTerm[] {
  const compact = expression.replace(/\r\n|\n|\r| /g, '');
  const terms: TimeTerm[] = [];
  let sign = 1;
  TERM.lastIndex = 0;
  while (TERM.lastIndex < compact.length) {
    const near = compact.slice(TERM.lastIndex);
    const [, signs = '', digits = '', written = ''] = TERM.exec(compact) ?? [];
    if (!digits) throw new Error(`Cannot read the expression "${expression}" near "${near}"`);
    if (signs) sign = signs.endsWith('-') ? -1 : 1;
    const unit = written.toLowerCase().replace(/s$/, '');
    if (!(TIME_UNITS as readonly string[]).includes(unit)) {
      throw new Error(`Unknown unit "${written}" in the expression: use ${TIME_UNITS.join(', ')}`);
    }
    terms.push({ amount: sign * Number.parseInt(digits, 10), unit: unit as TimeUnit });
  }
  if (terms.length === 0) throw new Error('Input "expression" must hold a term such as + 1 day');
  return terms;
}
