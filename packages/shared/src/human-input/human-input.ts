/**
 * Forms and chat: the `@activepieces/piece-forms` triggers whose flows are started from a page the
 * web app hosts (`/forms/:flowId`, `/chats/:flowId`), what those pages read of a flow, and what
 * the flow answers the person on the page. Names and shapes are Activepieces', so its exported
 * form and chat flows, and callers of its `/v1/human-input` routes, work unchanged.
 */
import { z } from 'zod';
import { Id } from '../common/id';

/** The npm name of the forms piece (a built-in piece). */
export const FORMS_PIECE_NAME = '@activepieces/piece-forms';

/** The forms piece's trigger started by a generated web form. */
export const FORM_TRIGGER_NAME = 'form_submission';
/** The forms piece's trigger started by a single file upload (a form of one required file). */
export const FILE_TRIGGER_NAME = 'file_submission';
/** The forms piece's trigger started by a chat message. */
export const CHAT_TRIGGER_NAME = 'chat_submission';

/** The query flag of the pages and their reads: `true` serves the flow's draft (testing). */
export const USE_DRAFT_QUERY_PARAM_NAME = 'useDraft';

/**
 * The kinds of a form field: Activepieces' four (`text`, `text_area`, `file`, `toggle`) and
 * `number`, which this product adds (a flow exported to Activepieces must not use it).
 */
export const FormInputType = z.enum(['text', 'text_area', 'file', 'toggle', 'number']);
export type FormInputType = z.infer<typeof FormInputType>;

/** One field of a form trigger's `inputs`. */
export const FormInput = z.object({
  displayName: z.string(),
  type: FormInputType,
  description: z.string().nullish(),
  required: z.boolean().nullish(),
});
export type FormInput = z.infer<typeof FormInput>;

/**
 * The key a form field's value is sent under (the trigger's output property), from its display
 * name as Activepieces makes it: lower-cased, each space-separated word after the first
 * capitalised and joined (`"First name"` -> `firstName`), quotes, backslashes, tabs and line
 * breaks removed. Two fields whose keys collide share one value, as in Activepieces.
 */
export function formInputKey(displayName: string): string {
  return displayName
    .toLowerCase()
    .replace(/\s+(\w)/g, (_match, letter: string) => letter.toUpperCase())
    .replace(/^(.)/, (letter) => letter.toLowerCase())
    .replaceAll(/[\\"'\u2019\n\r\t]/g, '');
}

/** `GET /v1/human-input/form/:flowId`: what the form page is built from. */
export const FormResponse = z.object({
  /** The flow's id (the page posts to its webhook). */
  id: Id,
  /** The flow version's display name: the form's title. */
  title: z.string(),
  props: z.object({
    inputs: z.array(FormInput),
    /** The page waits for the flow's answer (`/sync`) and shows it. */
    waitForResponse: z.boolean(),
  }),
  projectId: Id,
  /** The forms piece version the trigger uses. */
  version: z.string(),
  /** The platform's name, shown under the form. */
  platformName: z.string(),
});
export type FormResponse = z.infer<typeof FormResponse>;

/** `GET /v1/human-input/chat/:flowId`: what the chat page is built from. */
export const ChatUIResponse = z.object({
  id: Id,
  title: z.string(),
  props: z.object({
    /** The name the answers are shown under (default "AI Bot"). */
    botName: z.string().nullish(),
  }),
  projectId: Id,
  platformName: z.string(),
  platformLogoUrl: z.string().nullable(),
});
export type ChatUIResponse = z.infer<typeof ChatUIResponse>;

/** Query of the human-input reads and submissions. */
export const HumanInputQuery = z.object({
  useDraft: z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]).optional(),
});
export type HumanInputQuery = z.infer<typeof HumanInputQuery>;

/** Params of the human-input routes. */
export const HumanInputParams = z.object({ flowId: Id });
export type HumanInputParams = z.infer<typeof HumanInputParams>;

/**
 * A file a flow answers with: inline (`base64Url`, a `data:` URL, from "Return Form Response
 * (File)") or stored (`url`, from "Respond on UI" with an attachment).
 */
export const FileResponse = z.union([
  z.object({ base64Url: z.string(), fileName: z.string(), extension: z.string().nullish() }),
  z.object({ mimeType: z.string(), url: z.string(), fileName: z.string().nullish() }),
]);
export type FileResponse = z.infer<typeof FileResponse>;

/** What a forms-piece action answers the page with (the body of the flow's response). */
export const HumanInputFormResult = z.discriminatedUnion('type', [
  z.object({ type: z.literal('markdown'), value: z.string(), files: z.array(FileResponse).optional() }),
  z.object({ type: z.literal('file'), value: FileResponse }),
]);
export type HumanInputFormResult = z.infer<typeof HumanInputFormResult>;

/**
 * One event of a submission's answer stream (`text/event-stream`, the event's JSON in `data`),
 * in this order: `run` once the run is created; `pending` when the flow has not answered within
 * the webhook timeout (the page keeps waiting, up to the flow's time limit); `turn` for each
 * message an agent step of the run produced so far (its text, in order); then exactly one of
 * `answer` (the flow's response: its status and body, a {@link HumanInputFormResult} when a
 * forms action answered; `body` null when the flow ended without answering) or `failed` (the
 * run failed or timed out, or the submission was refused: `{code, params}` as the API's errors).
 */
export const HumanInputStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), flowRunId: Id }),
  z.object({ type: z.literal('pending') }),
  z.object({ type: z.literal('turn'), text: z.string() }),
  z.object({ type: z.literal('answer'), status: z.number().int(), body: z.unknown() }),
  z.object({ type: z.literal('failed'), code: z.string(), params: z.record(z.string(), z.unknown()) }),
]);
export type HumanInputStreamEvent = z.infer<typeof HumanInputStreamEvent>;
