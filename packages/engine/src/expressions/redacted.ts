/** The text a logged input shows in place of a value read from a connection. */
export const REDACTED = '**REDACTED**';
