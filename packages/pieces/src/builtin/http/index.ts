import { createPiece } from '../../framework/create-piece';
import { sendRequest } from './send-request';

/** `@activepieces/piece-http`: send HTTP requests (through the SSRF filter). */
export const httpPiece = createPiece({
  name: '@activepieces/piece-http',
  displayName: 'HTTP',
  description: 'Sends HTTP requests and return responses',
  logoUrl: 'https://cdn.activepieces.com/pieces/http.png',
  authors: [
    'bibhuty-did-this',
    'landonmoir',
    'JanHolger',
    'Salem-Alaa',
    'kishanprmr',
    'AbdulTheActivePiecer',
    'khaledmashaly',
    'abuaboud',
  ],
  version: '0.9.1',
  categories: ['CORE'],
  minimumSupportedRelease: '0.20.3',
  actions: [sendRequest],
  triggers: [],
});
