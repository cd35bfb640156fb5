/** What the forms piece's answering actions share. */
import type { FlowResponse } from '@piecework/engine';
import type { HumanInputFormResult } from '@piecework/shared';
import { lookup } from 'mime-types';
import type { ErrorHandlingOptions } from '../../framework/piece-definition';

/** The builder hides retry and continue-on-failure on the actions that answer the page. */
export const HIDDEN_ERROR_HANDLING: ErrorHandlingOptions = {
  retryOnFailure: { hide: true },
  continueOnFailure: { hide: true },
};

/** The media type of a file name or extension; `fallback` when it is not a known one. */
export function mimeTypeOf(nameOrExtension: string, fallback: string): string {
  return lookup(nameOrExtension) || fallback;
}

/** The 200 response, with no headers, answering the page with `body`. */
export function pageResponse(body: HumanInputFormResult | Record<string, unknown>): FlowResponse {
  return { status: 200, body, headers: {} };
}
