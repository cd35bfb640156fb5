import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';

/** The methods `send_request` offers. */
export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD'] as const;

/** Authentication choices: none, Basic (username/password) or a Bearer token. */
export const AUTH_TYPES = ['NONE', 'BASIC', 'BEARER_TOKEN'] as const;

/** Body encodings. */
export const BODY_TYPES = ['none', 'json', 'form_data', 'raw'] as const;

/** What to do on a 4xx/5xx answer or a network error (see `send_request`). */
export const FAILURE_MODES = [
  'retry_all',
  'retry_5xx',
  'retry_none',
  'continue_all',
  'continue_4xx',
  'continue_none',
] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

const options = (values: readonly string[]) => ({
  options: values.map((value) => ({ label: value, value })),
});

const authFields: Record<string, Record<string, PiecePropertyDefinition>> = {
  BASIC: {
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
  BEARER_TOKEN: {
    token: Property.ShortText({
      displayName: 'Token',
      description: 'The Bearer token to use for authentication.',
      required: true,
    }),
  },
};

const bodyFields: Record<string, Record<string, PiecePropertyDefinition>> = {
  json: { data: Property.Json({ displayName: 'JSON Body', required: true }) },
  raw: { data: Property.LongText({ displayName: 'Raw Body', required: true }) },
  form_data: {
    data: Property.Array({
      displayName: 'Form Data',
      required: true,
      properties: {
        fieldName: Property.ShortText({ displayName: 'Field Name', required: true }),
        fieldType: Property.StaticDropdown({
          displayName: 'Field Type',
          required: true,
          options: options(['text', 'file']),
        }),
        textFieldValue: Property.LongText({ displayName: 'Text Field Value', required: false }),
        fileFieldValue: Property.File({ displayName: 'File Field Value', required: false }),
      },
    }),
  },
};

/** The inputs of `send_request`, named as on Activepieces. */
export const sendRequestProps = {
  method: Property.StaticDropdown({ displayName: 'Method', required: true, options: options(HTTP_METHODS) }),
  url: Property.ShortText({
    displayName: 'URL',
    description: 'The absolute URL to call, including the scheme.',
    required: true,
  }),
  headers: Property.Object({
    displayName: 'Headers',
    description: 'Headers sent with the request.',
    required: false,
  }),
  queryParams: Property.Object({
    displayName: 'Query params',
    description: 'Parameters appended to the URL.',
    required: false,
  }),
  authType: Property.StaticDropdown({
    displayName: 'Authentication',
    required: false,
    defaultValue: 'NONE',
    options: {
      options: [
        { label: 'None', value: 'NONE' },
        { label: 'Basic Auth', value: 'BASIC' },
        { label: 'Bearer Token', value: 'BEARER_TOKEN' },
      ],
    },
  }),
  authFields: Property.DynamicProperties({
    displayName: 'Authentication Fields',
    required: false,
    refreshers: ['authType'],
    props: async ({ authType }) => authFields[String(authType)] ?? {},
  }),
  body_type: Property.StaticDropdown({
    displayName: 'Body Type',
    description: 'How to encode the request body. Leave as None for GET requests.',
    required: false,
    defaultValue: 'none',
    options: {
      options: [
        { label: 'None', value: 'none' },
        { label: 'JSON', value: 'json' },
        { label: 'Form Data', value: 'form_data' },
        { label: 'Raw', value: 'raw' },
      ],
    },
  }),
  body: Property.DynamicProperties({
    displayName: 'Body',
    required: false,
    refreshers: ['body_type'],
    props: async ({ body_type }) => bodyFields[String(body_type)] ?? {},
  }),
  response_is_binary: Property.Checkbox({
    displayName: 'Response is Binary',
    description: 'Return the response body as base64. Enable for files like PDFs or images.',
    required: false,
    defaultValue: false,
  }),
  use_proxy: Property.Checkbox({
    displayName: 'Use Proxy',
    description: 'Not supported by Piecework: the step fails when this is on.',
    required: false,
    defaultValue: false,
  }),
  proxy_settings: Property.DynamicProperties({
    displayName: 'Proxy Settings',
    required: false,
    refreshers: ['use_proxy'],
    props: async () => ({}),
  }),
  timeout: Property.Number({
    displayName: 'Timeout',
    description: 'Seconds to wait before giving up on the request. Leave empty for no timeout.',
    required: false,
  }),
  followRedirects: Property.Checkbox({
    displayName: 'Follow redirects',
    description: 'Follow 3xx redirects to the new location instead of returning the redirect response.',
    required: false,
    defaultValue: false,
  }),
  failureMode: Property.StaticDropdown({
    displayName: 'On Failure',
    required: false,
    defaultValue: 'continue_none',
    options: {
      options: [
        { label: 'Retry on all errors (4xx, 5xx)', value: 'retry_all' },
        { label: 'Retry on internal errors (5xx)', value: 'retry_5xx' },
        { label: 'Do not retry', value: 'retry_none' },
        { label: 'Continue flow on all errors', value: 'continue_all' },
        { label: 'Continue flow on 4xx errors', value: 'continue_4xx' },
        { label: 'Do not continue (stop the flow)', value: 'continue_none' },
      ],
    },
  }),
};
