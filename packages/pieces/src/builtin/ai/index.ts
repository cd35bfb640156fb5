import { createPiece } from '../../framework/create-piece';
import { runAgent } from './run-agent';

const common = {
  description: 'Use AI agents in your workflows',
  logoUrl: 'https://cdn.activepieces.com/pieces/text-ai.svg',
  authors: ['activepieces'],
  actions: [runAgent],
  triggers: [],
};

/** `@activepieces/piece-ai`: the agent step (`run_agent`), run by the server. */
export const aiPiece = createPiece({
  ...common,
  name: '@activepieces/piece-ai',
  displayName: 'AI',
  version: '0.1.0',
  categories: ['ARTIFICIAL_INTELLIGENCE', 'UNIVERSAL_AI'],
  minimumSupportedRelease: '0.90.3',
});

/** `@activepieces/piece-agent`: the older name of the agent step's piece, same action. */
export const agentPiece = createPiece({
  ...common,
  name: '@activepieces/piece-agent',
  displayName: 'Agent',
  version: '0.1.0',
  categories: ['UNIVERSAL_AI'],
  minimumSupportedRelease: '0.66.5',
});
