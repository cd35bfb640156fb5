/**
 * Headers a sub-flow call (the subflows piece's `callFlow`) sends with its webhook request:
 * the calling run, and whether the called run failing fails the caller. The server records both
 * on the called run.
 */

/** Header naming the calling run (a run of the same project), sent with every sub-flow call. */
export const PARENT_RUN_ID_HEADER = 'ap-parent-run-id';

/** Header saying whether a failing sub-flow fails its caller (`'true'` when the caller waits). */
export const FAIL_PARENT_ON_FAILURE_HEADER = 'ap-fail-parent-on-failure';
