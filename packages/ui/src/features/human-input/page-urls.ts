/**
 * The addresses of a flow's form and chat pages on this server (`<FRONTEND_URL>forms/<flowId>`,
 * `chats/`), and the forms piece's notes with their `{{formUrl}}` / `{{chatUrl}}` filled in, as
 * the builder shows them.
 */

/** `base` with one trailing slash. */
function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** The form page of `flowId` under `frontendUrl`. */
export function formPageUrl(frontendUrl: string, flowId: string): string {
  return `${withSlash(frontendUrl)}forms/${flowId}`;
}

/** The chat page of `flowId` under `frontendUrl`. */
export function chatPageUrl(frontendUrl: string, flowId: string): string {
  return `${withSlash(frontendUrl)}chats/${flowId}`;
}

/** `text` with every `{{formUrl}}` and `{{chatUrl}}` replaced by the pages of `flowId`. */
export function withPageUrls(text: string, frontendUrl: string, flowId: string): string {
  return text
    .replaceAll('{{formUrl}}', formPageUrl(frontendUrl, flowId))
    .replaceAll('{{chatUrl}}', chatPageUrl(frontendUrl, flowId));
}
