/** Official template: receive a webhook, reshape its body in code, and forward it over HTTP. */
import { CURRENT_SCHEMA_VERSION } from '@piecework/shared';
import { codeStep, officialTemplate, PIECES, pieceStep, pieceTrigger } from './official-template-builders';

const RESHAPE = `export const code = async (inputs) => {
  const body = inputs.body ?? {};
  return { event: body.type ?? 'unknown', receivedAt: new Date().toISOString(), data: body };
};`;

/** Webhook -> code -> HTTP POST: forward every incoming event, reshaped, to another service. */
export const WEBHOOK_TO_HTTP = officialTemplate({
  id: 'offWebhookToHttp00001',
  name: 'Forward webhooks to another service',
  summary: 'Receive a webhook, reshape its payload with code and POST it to an HTTP endpoint.',
  description:
    'Catches any webhook call, turns its body into a small event record in a code step, and sends ' +
    'that record as JSON to the URL you set in the HTTP step. Change the URL before publishing.',
  tags: [{ title: 'Webhooks', color: '#2563eb' }],
  categories: ['DEVELOPER_TOOLS', 'IT_OPERATIONS'],
  pieces: [PIECES.webhook.name, PIECES.http.name],
  blogUrl: null,
  metadata: null,
  flows: [
    {
      displayName: 'Forward webhooks',
      valid: true,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      description: 'Webhook, code, HTTP request.',
      notes: [],
      trigger: pieceTrigger(
        'Catch Webhook',
        { ...PIECES.webhook, trigger: 'catch_webhook' },
        { authType: 'none' },
        codeStep(
          'step_1',
          'Reshape the payload',
          RESHAPE,
          { body: "{{trigger['output'].body}}" },
          pieceStep(
            'step_2',
            'Send to the service',
            { ...PIECES.http, action: 'send_request' },
            {
              method: 'POST',
              url: 'https://example.com/events',
              headers: {},
              queryParams: {},
              authType: 'NONE',
              body_type: 'json',
              body: { data: "{{step_1['output']}}" },
              failureMode: 'continue_none',
            },
          ),
        ),
      ),
    },
  ],
  tables: [],
});
