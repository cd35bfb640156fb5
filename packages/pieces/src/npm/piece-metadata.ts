import type { PieceMetadata } from '@piecework/shared';

/**
 * The context contract a piece was built for (`piece.getContextInfo?.().version`): `'2'`
 * (framework 0.27+: waitpoints), `'1'` (about 0.21-0.26: also `run.pause`, `generateResumeUrl`)
 * or undefined, called V0 (framework up to 0.20: also `serverUrl`, and connection values
 * downgraded to a bare secret or bare props).
 */
export type ContextVersion = '1' | '2' | undefined;

/** The catalogue metadata of an npm piece, with the context contract it was built for. */
export type NpmPieceMetadata = PieceMetadata & { contextVersion: ContextVersion };
