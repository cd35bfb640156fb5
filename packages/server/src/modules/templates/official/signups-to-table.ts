/**
 * Official template with a table: sign-ups posted to a webhook are kept in a table through the
 * tables piece, and a second flow answers each new row.
 */
import { CURRENT_SCHEMA_VERSION } from '@piecework/shared';
import { codeStep, officialTemplate, PIECES, pieceStep, pieceTrigger } from './official-template-builders';

/** The table's external id, which the tables-piece steps name in `table_id`. */
const SIGNUPS_TABLE = 'signups';

const GREETING = `export const code = async (inputs) => {
  const cells = Object.values(inputs.record?.cells ?? {});
  const name = cells.find((cell) => cell.fieldName === 'Name')?.value;
  return { greeting: 'Welcome, ' + (name || 'friend') + '!' };
};`;

/** Webhook -> tables piece create record; table trigger (new record) -> code. */
export const SIGNUPS_TO_TABLE = officialTemplate({
  id: 'offSignupsToTable0001',
  name: 'Collect sign-ups in a table',
  summary: 'Store every sign-up a webhook receives in a table, and act on each new row.',
  description:
    'Creates a "Sign-ups" table (name, email, plan; two example rows). The first flow catches a ' +
    'webhook with {name, email, plan} and adds a row; the second runs whenever a row is added ' +
    'and prepares a greeting, ready for an email step.',
  tags: [{ title: 'Tables', color: '#9333ea' }],
  categories: ['SALES', 'PRODUCTIVITY'],
  pieces: [PIECES.webhook.name, PIECES.tables.name],
  blogUrl: null,
  metadata: null,
  flows: [
    {
      displayName: 'Store sign-ups',
      valid: true,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      description: 'Webhook, then a row in the Sign-ups table.',
      notes: [],
      trigger: pieceTrigger(
        'Catch Webhook',
        { ...PIECES.webhook, trigger: 'catch_webhook' },
        { authType: 'none' },
        pieceStep(
          'step_1',
          'Add the sign-up',
          { ...PIECES.tables, action: 'tables-create-records' },
          {
            table_id: SIGNUPS_TABLE,
            values: {
              values: [
                {
                  name: "{{trigger['output'].body.name}}",
                  email: "{{trigger['output'].body.email}}",
                  plan: "{{trigger['output'].body.plan}}",
                },
              ],
            },
          },
        ),
      ),
    },
    {
      displayName: 'Greet new sign-ups',
      valid: true,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      description: 'A new row in the Sign-ups table, then a greeting.',
      notes: [],
      trigger: pieceTrigger(
        'New Record Created',
        { ...PIECES.tables, trigger: 'newRecord' },
        { table_id: SIGNUPS_TABLE },
        codeStep('step_1', 'Prepare a greeting', GREETING, { record: "{{trigger['output']}}" }),
      ),
    },
  ],
  tables: [
    {
      name: 'Sign-ups',
      externalId: SIGNUPS_TABLE,
      status: 'ENABLED',
      trigger: null,
      fields: [
        { name: 'Name', type: 'TEXT', externalId: 'name', data: null },
        { name: 'Email', type: 'TEXT', externalId: 'email', data: null },
        {
          name: 'Plan',
          type: 'STATIC_DROPDOWN',
          externalId: 'plan',
          data: { options: [{ value: 'free' }, { value: 'pro' }] },
        },
      ],
      data: {
        type: 'CSV',
        rows: [
          [
            { fieldId: 'name', value: 'Ada Lovelace' },
            { fieldId: 'email', value: 'ada@example.com' },
            { fieldId: 'plan', value: 'pro' },
          ],
          [
            { fieldId: 'name', value: 'Alan Turing' },
            { fieldId: 'email', value: 'alan@example.com' },
            { fieldId: 'plan', value: 'free' },
          ],
        ],
      },
    },
  ],
});
