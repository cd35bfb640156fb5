import { timingSafeEqual } from 'node:crypto';
import { createTrigger } from '../../framework/create-piece';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { choice, optionalRecord } from '../common/read-props';

/** The name of the webhook piece's trigger that catches every request to a flow's URL. */
export const CATCH_WEBHOOK_TRIGGER = 'catch_webhook';

const AUTH_TYPES = ['none', 'basic', 'header'] as const;

/** Compares secrets in constant time (for equal lengths). */
function sameSecret(received: string | undefined, expected: unknown): boolean {
  if (typeof received !== 'string' || typeof expected !== 'string') return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function verifyBasic(headers: Record<string, string>, fields: Record<string, unknown>): boolean {
  const authorization = header(headers, 'authorization');
  if (!authorization?.toLowerCase().startsWith('basic ')) return false;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString();
  const separator = decoded.indexOf(':');
  if (separator < 0) return false;
  return (
    sameSecret(decoded.slice(0, separator), fields.username) &&
    sameSecret(decoded.slice(separator + 1), fields.password)
  );
}

function verifyHeader(headers: Record<string, string>, fields: Record<string, unknown>): boolean {
  if (typeof fields.headerName !== 'string' || fields.headerName === '') return false;
  return sameSecret(header(headers, fields.headerName), fields.headerValue);
}

/**
 * True when a request with these `headers` passes the authentication of a `catch_webhook`
 * trigger whose input is `input` (`authType` none or missing: every request; `basic`: the
 * `Authorization: Basic` user and password of `authFields`; `header`: the header `headerName`
 * with the value `headerValue`; any other type: none). Secrets are compared in constant time.
 * The trigger's `run` and the server's webhook routes both admit requests through it.
 */
export function catchWebhookAdmits(input: Record<string, unknown>, headers: Record<string, string>): boolean {
  const authType = input['authType'];
  if (authType === undefined || authType === null || authType === '' || authType === 'none') return true;
  let fields: Record<string, unknown>;
  try {
    fields = optionalRecord(input, 'authFields') ?? {};
  } catch {
    return false;
  }
  if (authType === 'basic') return verifyBasic(headers, fields);
  if (authType === 'header') return verifyHeader(headers, fields);
  return false;
}

const authFieldsByType: Record<string, Record<string, PiecePropertyDefinition>> = {
  none: {},
  basic: {
    username: Property.ShortText({
      displayName: 'Username',
      description: 'The username to use for authentication.',
      required: true,
    }),
    password: Property.ShortText({
      displayName: 'Password',
      description: 'The password to use for authentication.',
      required: true,
    }),
  },
  header: {
    headerName: Property.ShortText({
      displayName: 'Header Name',
      description: 'The name of the header to use for authentication.',
      required: true,
    }),
    headerValue: Property.ShortText({
      displayName: 'Header Value',
      description: 'The value to check against the header.',
      required: true,
    }),
  },
};

/**
 * `catch_webhook`: every request to the flow's webhook URL (any method) becomes one run with the
 * request (`{body, headers, queryParams, ...}`) as its payload. With `authType` `basic` or
 * `header`, a request whose credentials do not match starts nothing (`[]`).
 */
export const catchWebhook = createTrigger({
  name: 'catch_webhook',
  displayName: 'Catch Webhook',
  description: 'Receive incoming HTTP/webhooks using any HTTP method such as GET, POST, PUT, DELETE, etc.',
  type: 'WEBHOOK',
  sampleData: null,
  props: {
    liveMarkdown: Property.MarkDown({
      value: '**Live URL:**\n```text\n{{webhookUrl}}\n```\ngenerate sample data & triggers published flow.',
      variant: 'BORDERLESS',
    }),
    syncMarkdown: Property.MarkDown({
      value:
        '**Synchronous Requests:**\n\nIf you expect a response from this webhook, add `/sync` to the end of the URL.\n\nTo return data, add a Webhook step to your flow with the Return Response action.',
    }),
    testMarkdown: Property.MarkDown({
      value:
        '**Test URL:**\n\nif you want to generate sample data without triggering the flow, append `/test` to your webhook URL.',
    }),
    authType: Property.StaticDropdown({
      displayName: 'Authentication',
      required: true,
      defaultValue: 'none',
      options: {
        options: [
          { label: 'None', value: 'none' },
          { label: 'Basic Auth', value: 'basic' },
          { label: 'Header Auth', value: 'header' },
        ],
      },
    }),
    authFields: Property.DynamicProperties({
      displayName: 'Authentication Fields',
      required: false,
      refreshers: ['authType'],
      props: async ({ authType }) => authFieldsByType[String(authType)] ?? {},
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    choice(ctx.propsValue, 'authType', AUTH_TYPES);
    return catchWebhookAdmits(ctx.propsValue, ctx.payload.headers ?? {}) ? [ctx.payload] : [];
  },
});
