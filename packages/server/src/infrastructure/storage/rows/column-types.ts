/** The portable column types every row file uses (see `../database.ts` for the conventions). */

/** A boolean stored as `0` or `1`. */
export type SqlBoolean = 0 | 1;

/** A JSON document stored as text (the output of `JSON.stringify`). */
export type JsonText = string;

/** An ISO-8601 UTC timestamp stored as text. */
export type Timestamp = string;

/** Columns every mutable entity carries. */
export interface Timestamps {
  created: Timestamp;
  updated: Timestamp;
}
