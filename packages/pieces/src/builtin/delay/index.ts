import { createPiece } from '../../framework/create-piece';
import { delayFor } from './delay-for';
import { delayUntil } from './delay-until';

/** `@activepieces/piece-delay`: wait for a duration or until a time. */
export const delayPiece = createPiece({
  name: '@activepieces/piece-delay',
  displayName: 'Delay',
  description: 'Use it to delay the execution of the next action',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/delay.svg',
  authors: ['Nilesh', 'kishanprmr', 'MoShizzle', 'AbdulTheActivePiecer', 'khaledmashaly', 'abuaboud'],
  version: '0.3.26',
  categories: ['CORE', 'FLOW_CONTROL'],
  minimumSupportedRelease: '0.73.0',
  actions: [delayFor, delayUntil],
  triggers: [],
});
