/**
 * What every email template shares: HTML escaping of the values put in a message, and one simple
 * HTML layout (a heading, paragraphs, a button, a footer) so each template says only its words.
 */

/** `value` safe to put in HTML text or in a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A message as a template answers it; the caller adds the recipient. */
export interface EmailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** One block of an HTML email; every string in it is escaped when rendered. */
export type EmailBlock =
  | { readonly paragraph: string }
  | { readonly code: string }
  | { readonly button: string; readonly link: string }
  | { readonly details: readonly (readonly [label: string, value: string])[] };

/** Renders the blocks under `heading` as a small, inline-styled HTML document. */
export function renderEmailHtml(heading: string, blocks: readonly EmailBlock[]): string {
  const body = blocks.map(renderBlock).join('\n');
  return `<!doctype html>
<html>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#6e7781">Sent by Piecework.</p>
</div>
</body>
</html>
`;
}

function renderBlock(block: EmailBlock): string {
  if ('paragraph' in block) {
    return `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(block.paragraph)}</p>`;
  }
  if ('code' in block) {
    return `<p style="margin:0 0 12px;font-size:24px;letter-spacing:4px;font-family:monospace">${escapeHtml(block.code)}</p>`;
  }
  if ('button' in block) {
    return `<p style="margin:16px 0"><a href="${escapeHtml(block.link)}" style="display:inline-block;background:#6e41e2;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(block.button)}</a></p>`;
  }
  const rows = block.details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6e7781">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;margin:0 0 12px">${rows}</table>`;
}

/** `base` + `path` + the query, each query value URL-encoded (`base` ends with `/`). */
export function linkTo(base: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${base}${path}${search === '' ? '' : `?${search}`}`;
}
