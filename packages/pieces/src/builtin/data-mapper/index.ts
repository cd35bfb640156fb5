import { createPiece } from '../../framework/create-piece';
import { advancedMapping } from './advanced-mapping';

/** `@activepieces/piece-data-mapper`: reshape data with a JSON mapping. */
export const dataMapperPiece = createPiece({
  name: '@activepieces/piece-data-mapper',
  displayName: 'Data Mapper',
  description: 'tools to manipulate data structure',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/data-mapper.svg',
  authors: ['kishanprmr', 'MoShizzle', 'AbdulTheActivePiecer', 'khaledmashaly', 'abuaboud'],
  version: '0.3.15',
  categories: ['CORE'],
  minimumSupportedRelease: '0.73.0',
  actions: [advancedMapping],
  triggers: [],
});
