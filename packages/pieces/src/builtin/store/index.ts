import { createPiece } from '../../framework/create-piece';
import { storeAddToList } from './add-to-list';
import { storeAppend } from './append';
import { storeGet } from './get';
import { storePut } from './put';
import { storeRemoveFromList } from './remove-from-list';
import { storeRemoveValue } from './remove-value';

/** `@activepieces/piece-store`: a key/value store per project, flow or run. */
export const storePiece = createPiece({
  name: '@activepieces/piece-store',
  displayName: 'Storage',
  description: 'Store or retrieve data from key/value database',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/store.svg',
  authors: [
    'JanHolger',
    'fardeenpanjwani-codeglo',
    'Abdallah-Alwarawreh',
    'Salem-Alaa',
    'kishanprmr',
    'MoShizzle',
    'khaledmashaly',
    'abuaboud',
  ],
  version: '0.6.20',
  categories: ['CORE'],
  minimumSupportedRelease: '0.82.0',
  actions: [storeGet, storePut, storeAppend, storeRemoveValue, storeAddToList, storeRemoveFromList],
  triggers: [],
});
