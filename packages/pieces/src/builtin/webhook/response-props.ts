import type { FlowResponse } from '@piecework/engine';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { choice, describeValue, optionalRecord, parseJson } from '../common/read-props';
import type { PropsValue } from '../common/read-props';

/** How the response body is given: JSON, raw text, or a URL to redirect to. */
export const RESPONSE_TYPES = ['json', 'raw', 'redirect'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** The `responseType` input of the response actions (default `json`). */
export const responseTypeProp = Property.StaticDropdown({
  displayName: 'Response Type',
  required: false,
  defaultValue: 'json',
  options: {
    options: [
      { label: 'JSON', value: 'json' },
      { label: 'Raw', value: 'raw' },
      { label: 'Redirect', value: 'redirect' },
    ],
  },
});

/** The `fields` input: status and headers (except for redirects) and the body, by response type. */
export const responseFieldsProp = Property.DynamicProperties({
  displayName: 'Response',
  required: true,
  refreshers: ['responseType'],
  props: async ({ responseType }) => {
    if (!responseType) return {};
    const fields: Record<string, PiecePropertyDefinition> = {};
    if (responseType !== 'redirect') {
      fields.status = Property.Number({ displayName: 'Status', required: false, defaultValue: 200 });
      fields.headers = Property.Object({ displayName: 'Headers', required: false });
    }
    fields.body =
      responseType === 'json'
        ? Property.Json({ displayName: 'JSON Body', required: true })
        : Property.LongText({
            displayName: responseType === 'raw' ? 'Raw Body' : 'Redirect URL',
            required: true,
          });
    return fields;
  },
});

function statusOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 200;
  const status = Number(value);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new Error(`Response status must be a whole number from 100 to 599, got ${describeValue(value)}`);
  }
  return status;
}

function headersOf(fields: PropsValue): Record<string, string> {
  const headers = optionalRecord(fields, 'headers') ?? {};
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, String(value)]),
  );
}

function jsonBody(body: unknown): unknown {
  if (body === undefined) throw new Error('The JSON Body of the response is required');
  if (typeof body === 'string') return parseJson('body', body);
  return JSON.parse(JSON.stringify(body)) as unknown;
}

const withProtocol = (url: string) => (/^https?:\/\//.test(url) ? url : `https://${url}`);

/**
 * The HTTP response described by the `responseType` and `fields` inputs, as Activepieces builds
 * it: JSON bodies parsed, raw bodies as given, redirects as 301 with a `Location` header.
 */
export function responseFromProps(props: PropsValue): FlowResponse {
  const responseType = choice(props, 'responseType', RESPONSE_TYPES, 'json');
  const fields = optionalRecord(props, 'fields');
  if (!fields) throw new Error('Input "fields" (the response) is required');
  const body = fields.body;
  switch (responseType) {
    case 'json':
      return { status: statusOf(fields.status), headers: headersOf(fields), body: jsonBody(body) };
    case 'raw':
      return { status: statusOf(fields.status), headers: headersOf(fields), body: body ?? '' };
    case 'redirect': {
      if (typeof body !== 'string' || body === '')
        throw new Error('The Redirect URL of the response is required');
      return { status: 301, headers: { ...headersOf(fields), Location: withProtocol(body) }, body };
    }
  }
}
