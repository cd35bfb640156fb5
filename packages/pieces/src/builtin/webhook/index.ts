import { createPiece } from '../../framework/create-piece';
import { catchWebhook } from './catch-webhook';

export { CATCH_WEBHOOK_TRIGGER, catchWebhookAdmits } from './catch-webhook';
import { returnResponse } from './return-response';
import { returnResponseAndWaitForNextWebhook } from './return-response-and-wait';

/** The npm name of the webhook piece. */
export const WEBHOOK_PIECE_NAME = '@activepieces/piece-webhook';

/** `@activepieces/piece-webhook`: catch HTTP requests, answer them, wait for the next one. */
export const webhookPiece = createPiece({
  name: WEBHOOK_PIECE_NAME,
  displayName: 'Webhook',
  description: 'Receive HTTP requests and trigger flows using unique URLs.',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/webhooks.svg',
  authors: ['abuaboud', 'pfernandez98', 'kishanprmr', 'AbdulTheActivePiecer'],
  version: '0.1.29',
  categories: ['CORE'],
  minimumSupportedRelease: '0.73.0',
  actions: [returnResponse, returnResponseAndWaitForNextWebhook],
  triggers: [catchWebhook],
});
