import { createPiece } from '../../framework/create-piece';
import { convertJsonToText } from './convert-json-to-text';
import { convertTextToJson } from './convert-text-to-json';

/** `@activepieces/piece-json`: JSON text to data and back. */
export const jsonPiece = createPiece({
  name: '@activepieces/piece-json',
  displayName: 'Json',
  description: 'Convert between JSON text and data.',
  logoUrl: 'https://cdn.activepieces.com/pieces/json.png',
  authors: [],
  version: '0.1.4',
  minimumSupportedRelease: '0.20.0',
  actions: [convertJsonToText, convertTextToJson],
  triggers: [],
});
