import { createPiece } from '../../framework/create-piece';
import { createApprovalLinks } from './create-approval-links';
import { waitForApproval } from './wait-for-approval';

/** `@activepieces/piece-approval`: pause a run until someone approves or disapproves. */
export const approvalPiece = createPiece({
  name: '@activepieces/piece-approval',
  displayName: 'Approval',
  description: 'Build approval process in your workflows',
  logoUrl: 'https://cdn.activepieces.com/pieces/approval.svg',
  authors: ['kishanprmr', 'MoShizzle', 'khaledmashaly', 'abuaboud'],
  version: '0.1.18',
  categories: ['CORE', 'FLOW_CONTROL'],
  minimumSupportedRelease: '0.30.0',
  actions: [waitForApproval, createApprovalLinks],
  triggers: [],
});
