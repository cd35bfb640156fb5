import { createPiece } from '../../framework/create-piece';
import { addition } from './addition';
import { division } from './division';
import { generateRandom } from './generate-random';
import { modulo } from './modulo';
import { multiplication } from './multiplication';
import { subtraction } from './subtraction';

/** `@activepieces/piece-math-helper`: arithmetic on two numbers, and random numbers. */
export const mathHelperPiece = createPiece({
  name: '@activepieces/piece-math-helper',
  displayName: 'Math Helper',
  description: 'Perform mathematical operations.',
  logoUrl: 'https://cdn.activepieces.com/pieces/math-helper.svg',
  authors: ['lisander-lopez'],
  version: '0.0.16',
  categories: ['CORE'],
  minimumSupportedRelease: '0.9.0',
  actions: [addition, subtraction, multiplication, division, modulo, generateRandom],
  triggers: [],
});
