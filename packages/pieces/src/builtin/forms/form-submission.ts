import { FORM_TRIGGER_NAME, FormInputType, USE_DRAFT_QUERY_PARAM_NAME } from '@piecework/shared';
import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';

const FIELD_TYPE_LABELS: Record<FormInputType, string> = {
  text: 'Text',
  text_area: 'Text Area',
  file: 'File',
  toggle: 'Toggle',
  number: 'Number',
};

const aboutMarkdown = `**Published Form URL:**
\`\`\`text
{{formUrl}}
\`\`\`
Use this for production, views the published version of the form.
<br>
<br>
**Draft Form URL:**
\`\`\`text
{{formUrl}}?${USE_DRAFT_QUERY_PARAM_NAME}=true
\`\`\`
Use this to generate sample data, views the draft version of the form (the one you are editing now).
`;

const responseMarkdown = `
If **Wait for Response** is enabled, use **Respond on UI** in your flow to provide a response back to the form.
`;

/**
 * `form_submission` ("Web Form"): the flow starts when someone submits the form the web app
 * builds from `inputs` (`/forms/:flowId`). The run's trigger output is the submitted body: one
 * key per field (`formInputKey` of its name), a file field being the file as the server stored
 * it. With `waitForResponse` the page waits for a "Respond on UI" answer.
 */
export const formSubmission = createTrigger({
  name: FORM_TRIGGER_NAME,
  displayName: 'Web Form',
  description: 'Trigger the flow by submitting a form.',
  type: 'WEBHOOK',
  sampleData: {},
  props: {
    about: Property.MarkDown({ value: aboutMarkdown, variant: 'BORDERLESS' }),
    response: Property.MarkDown({ value: responseMarkdown, variant: 'WARNING' }),
    waitForResponse: Property.Checkbox({
      displayName: 'Wait for Response',
      defaultValue: false,
      required: true,
    }),
    inputs: Property.Array({
      displayName: 'Inputs',
      required: true,
      properties: {
        displayName: Property.ShortText({ displayName: 'Field Name', required: true }),
        type: Property.StaticDropdown({
          displayName: 'Field Type',
          required: true,
          options: {
            options: FormInputType.options.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] })),
          },
        }),
        description: Property.ShortText({ displayName: 'Field Description', required: false }),
        required: Property.Checkbox({ displayName: 'Required', required: true }),
      },
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    return [ctx.payload.body];
  },
});
