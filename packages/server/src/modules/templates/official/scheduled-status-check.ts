/** Official template: check a URL every hour and keep the outcome. */
import { CURRENT_SCHEMA_VERSION } from '@piecework/shared';
import { codeStep, officialTemplate, PIECES, pieceStep, pieceTrigger } from './official-template-builders';

const SUMMARISE = `export const code = async (inputs) => {
  const status = Number(inputs.status);
  return { up: status >= 200 && status < 400, status, checkedAt: new Date().toISOString() };
};`;

/** Schedule (every hour) -> HTTP GET -> code: a simple uptime check. */
export const SCHEDULED_STATUS_CHECK = officialTemplate({
  id: 'offScheduledCheck0001',
  name: 'Hourly status check',
  summary: 'Every hour, request a URL and record whether it answered successfully.',
  description:
    'A schedule trigger runs the flow every hour; the HTTP step requests the URL you set, and a ' +
    'code step turns the answer into {up, status, checkedAt}. Add a notification step after it ' +
    'to be told when the service is down.',
  tags: [{ title: 'Monitoring', color: '#16a34a' }],
  categories: ['IT_OPERATIONS'],
  pieces: [PIECES.schedule.name, PIECES.http.name],
  blogUrl: null,
  metadata: null,
  flows: [
    {
      displayName: 'Hourly status check',
      valid: true,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      description: 'Schedule, HTTP request, code.',
      notes: [],
      trigger: pieceTrigger(
        'Every Hour',
        { ...PIECES.schedule, trigger: 'every_hour' },
        { run_on_weekends: true },
        pieceStep(
          'step_1',
          'Request the URL',
          { ...PIECES.http, action: 'send_request' },
          {
            method: 'GET',
            url: 'https://example.com/health',
            headers: {},
            queryParams: {},
            authType: 'NONE',
            body_type: 'none',
            body: {},
            failureMode: 'continue_all',
          },
          codeStep('step_2', 'Summarise', SUMMARISE, { status: "{{step_1['output'].status}}" }),
        ),
      ),
    },
  ],
  tables: [],
});
