/**
 * What a flow answered, read for the pages: a form shows markdown (with any returned files), a file
 * to download, or "received"; a chat shows one message. Bodies follow Activepieces' forms piece:
 * `{type: 'markdown' | 'file', ...}` from "Respond on UI" and the return-form actions, `{id,
 * messages}` from "Return Chat Response".
 */
import { HumanInputFormResult, type FileResponse } from '@piecework/shared';
import type { SubmissionFailure } from './submission-state';

/** A form's answer, as the form page shows it. */
export type FormAnswer =
  | { readonly kind: 'markdown'; readonly markdown: string; readonly files: readonly FileResponse[] }
  | { readonly kind: 'file'; readonly file: FileResponse }
  | { readonly kind: 'received' }
  | { readonly kind: 'failed'; readonly failure: SubmissionFailure };

/** The form page's reading of a flow's answer (`status`, `body`). */
export function formAnswerOf(status: number, body: unknown): FormAnswer {
  if (status >= 400) return { kind: 'failed', failure: answeredFailure(status, body) };
  const result = HumanInputFormResult.safeParse(body);
  if (!result.success) return { kind: 'received' };
  return result.data.type === 'markdown'
    ? { kind: 'markdown', markdown: result.data.value, files: result.data.files ?? [] }
    : { kind: 'file', file: result.data.value };
}

/** The chat's reading of a flow's answer: the bot's message (markdown), or null when it said nothing. */
export function chatAnswerOf(body: unknown): string | null {
  const result = HumanInputFormResult.safeParse(body);
  if (result.success) return result.data.type === 'markdown' ? result.data.value : null;
  if (typeof body === 'string') return body === '' ? null : body;
  if (typeof body !== 'object' || body === null) return null;
  const messages = Reflect.get(body, 'messages');
  if (!Array.isArray(messages)) return null;
  const last = messages.findLast(
    (message: unknown) =>
      typeof message === 'object' && message !== null && Reflect.get(message, 'role') !== 'user',
  ) as Record<string, unknown> | undefined;
  return typeof last?.['content'] === 'string' ? last['content'] : null;
}

/** A failure the flow answered with a non-2xx status (`{code, params}` when it has that shape). */
export function answeredFailure(status: number, body: unknown): SubmissionFailure {
  if (typeof body === 'object' && body !== null) {
    const code = Reflect.get(body, 'code');
    const params = Reflect.get(body, 'params');
    if (typeof code === 'string') {
      return {
        code,
        params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
        status,
      };
    }
  }
  return { code: 'FLOW_RUN_FAILED', params: { message: 'The flow failed to answer.' }, status };
}

/** A returned file as a download link: its address and the name it is saved under. */
export function fileLink(file: FileResponse): { href: string; name: string } {
  if ('base64Url' in file) {
    const extension = file.extension ?? '';
    const name =
      extension === '' || file.fileName.endsWith(`.${extension}`)
        ? file.fileName
        : `${file.fileName}.${extension}`;
    return { href: file.base64Url, name };
  }
  return { href: file.url, name: file.fileName ?? 'file' };
}
