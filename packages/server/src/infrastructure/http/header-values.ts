/**
 * What HTTP can carry in a response header, and how a value from outside (a flow's Return
 * Response) is made to fit. Node refuses (`ERR_INVALID_CHAR`) any value with a character over
 * U+00FF or a control character, and any name that is not a token.
 */

const PRINTABLE_ASCII = /^[\t\x20-\x7e]*$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LATIN1_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/** Whether `name` may name a header (an HTTP token). */
export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/**
 * `value` as a header can carry it: as it is when it is printable ASCII; else as its UTF-8 bytes,
 * one Latin-1 character per byte (so the answer must be written as bytes: a client reading the
 * bytes as UTF-8, as fetch does, gets the text back); `null` when it has control characters (CR,
 * LF, NUL...), which no header may carry.
 */
export function sendableHeaderValue(value: string): string | null {
  if (PRINTABLE_ASCII.test(value)) return value;
  if (CONTROL.test(value)) return null;
  return Buffer.from(value, 'utf8').toString('latin1');
}

/** Whether Node would send header `name: value` as it is. */
export function isSendableHeader(name: string, value: unknown): boolean {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return isHeaderName(name) && values.every((item) => LATIN1_TEXT.test(String(item)));
}
