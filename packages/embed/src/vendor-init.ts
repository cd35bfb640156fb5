/**
 * The option -> wire mapping of `VENDOR_INIT` (reference-api.md §4.2): what the embedded app is
 * told about the host's options, every flag with its default.
 */
import type { EmbedVendorInitData } from '@piecework/shared';
import type { ConfigureOptions } from './embed-options';
import { normalizePrefix } from './routes';
import { SDK_VERSION } from './sdk-version';

/**
 * The `data` of `VENDOR_INIT` for `options`, opening the app at `initialRoute` (the resolved
 * initial route for the main frame, the dialog's route for the `connect()` frames).
 */
export function vendorInitData(options: ConfigureOptions, initialRoute: string): EmbedVendorInitData {
  const embedding = options.embedding ?? {};
  const data: EmbedVendorInitData = {
    jwtToken: options.jwtToken,
    sdkVersion: SDK_VERSION,
    initialRoute,
    prefix: normalizePrefix(options.prefix) || '/',
    hideSidebar: embedding.dashboard?.hideSidebar ?? false,
    hideFlowsPageNavbar: embedding.dashboard?.hideFlowsPageNavbar ?? false,
    hidePageHeader: embedding.dashboard?.hidePageHeader ?? false,
    disableNavigationInBuilder: embedding.builder?.disableNavigation ?? false,
    hideFlowNameInBuilder: embedding.builder?.hideFlowName ?? false,
    homeButtonIcon: embedding.builder?.homeButtonIcon ?? 'logo',
    emitHomeButtonClickedEvent: embedding.builder?.homeButtonClickedHandler !== undefined,
    hideFolders: embedding.hideFolders ?? false,
    hideTables: embedding.hideTables ?? false,
    hideExportAndImportFlow: embedding.hideExportAndImportFlow ?? false,
    hideDuplicateFlow: embedding.hideDuplicateFlow ?? false,
    hideActiveUsers: embedding.hideActiveUsers ?? false,
    hideGlobalSearch: embedding.hideGlobalSearch ?? false,
    locale: embedding.locale ?? 'en',
  };
  const styling = embedding.styling;
  if (styling?.fontUrl !== undefined) data.fontUrl = styling.fontUrl;
  if (styling?.fontFamily !== undefined) data.fontFamily = styling.fontFamily;
  if (styling?.mode !== undefined) data.mode = styling.mode;
  return data;
}
