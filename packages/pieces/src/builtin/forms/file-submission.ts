import { FILE_TRIGGER_NAME } from '@piecework/shared';
import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';

const aboutMarkdown = `
The form title is same as the flow's title. \n
Form URL: \n
**{{formUrl}}**
`;

/**
 * `file_submission` ("Simple File Submission"): the flow starts when someone uploads a file on
 * the flow's form page (a form of one required file). The run's trigger output is the submitted
 * body. Kept so flows made with older versions of the piece still run.
 */
export const fileSubmission = createTrigger({
  name: FILE_TRIGGER_NAME,
  displayName: 'Simple File Submission',
  description: 'Trigger the flow by submitting a file.',
  type: 'WEBHOOK',
  sampleData: {},
  props: {
    about: Property.MarkDown({ value: aboutMarkdown }),
    waitForResponse: Property.Checkbox({
      displayName: 'Wait for Response',
      description:
        'If enabled, the form will return the flow output to the frontend. Make sure to use the Return Response action to return a response.',
      defaultValue: true,
      required: true,
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    return [ctx.payload.body];
  },
});
