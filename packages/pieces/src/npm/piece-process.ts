/**
 * The entry of a piece process (built as `dist/piece-process.js` / `.cjs`; started by
 * {@link NpmPieceHost} with `child_process.fork`, never imported). It puts the SSRF filter
 * under every outbound connection of the process first, then serves the host's calls.
 * @module
 */
import { installSsrfGuard } from '../http/install-ssrf-guard';
import { parseChildOptions, servePieceProcess } from './child/serve-parent';

const options = parseChildOptions(process.argv[2]);
installSsrfGuard({ allowList: options.ssrfAllowList });
servePieceProcess();
