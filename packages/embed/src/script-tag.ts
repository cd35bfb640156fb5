/**
 * The script-tag build (`piecework-embed.global.js`): one SDK instance as `window.piecework` and
 * `window.activepieces` (Activepieces' name, so its snippets work unchanged), and the class as
 * `window.PieceworkEmbedded` and `window.ActivepiecesEmbedded`.
 */
import { PieceworkEmbedded } from './piecework-embedded';

/** The globals this build defines. */
interface EmbedGlobals {
  piecework: PieceworkEmbedded;
  activepieces: PieceworkEmbedded;
  PieceworkEmbedded: typeof PieceworkEmbedded;
  ActivepiecesEmbedded: typeof PieceworkEmbedded;
}

const globals = window as unknown as EmbedGlobals;
const instance = new PieceworkEmbedded();
globals.piecework = instance;
globals.activepieces = instance;
globals.PieceworkEmbedded = PieceworkEmbedded;
globals.ActivepiecesEmbedded = PieceworkEmbedded;
