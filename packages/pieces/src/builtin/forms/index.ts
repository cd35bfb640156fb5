import { FORMS_PIECE_NAME } from '@piecework/shared';
import { createPiece } from '../../framework/create-piece';
import { chatSubmission } from './chat-submission';
import { fileSubmission } from './file-submission';
import { formSubmission } from './form-submission';
import { returnChatResponse } from './return-chat-response';
import { returnFile } from './return-file';
import { returnMarkdown } from './return-markdown';
import { returnResponse } from './return-response';

/**
 * `@activepieces/piece-forms` ("Human Input"): flows started from a web form, a file upload or a
 * chat page the web app hosts, and the actions that answer that page. The older steps (file
 * submission, markdown, file and chat answers) are kept so flows exported from any version run.
 */
export const formsPiece = createPiece({
  name: FORMS_PIECE_NAME,
  displayName: 'Human Input',
  description: 'Trigger a flow through human input.',
  logoUrl: 'https://cdn.activepieces.com/pieces/human-input.svg',
  authors: ['anasbarg', 'MoShizzle', 'abuaboud'],
  version: '0.4.10',
  categories: ['CORE'],
  minimumSupportedRelease: '0.34.3',
  actions: [returnResponse, returnMarkdown, returnFile, returnChatResponse],
  triggers: [formSubmission, fileSubmission, chatSubmission],
});
