import { createPiece } from '../../framework/create-piece';
import { callFlow } from './call-flow';
import { callableFlow } from './callable-flow';
import { returnResponse } from './return-response';
import { streamCsvToSubflows } from './stream-csv-to-subflows';
import { SUBFLOWS_PIECE_NAME } from './subflows-common';

/**
 * `@activepieces/piece-subflows`: call another flow of the project and get its response. The
 * call goes through the Piecework server (`{apiUrl}v1/webhooks/:flowId`), so these actions need
 * one. `streamCsvToSubflows` calls a flow once per batch of a streamed CSV's rows.
 */
export const subflowsPiece = createPiece({
  name: SUBFLOWS_PIECE_NAME,
  displayName: 'Sub Flows',
  description: 'Trigger and call another sub flow.',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/subflows.svg',
  authors: ['hazemadelkhalel'],
  version: '0.6.3',
  categories: ['CORE', 'FLOW_CONTROL'],
  minimumSupportedRelease: '0.82.0',
  actions: [callFlow, streamCsvToSubflows, returnResponse],
  triggers: [callableFlow],
});
