import type { EmbedVendorInitData } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import type { ConfigureOptions, EmbeddingOptions } from './embed-options';
import { SDK_VERSION } from './sdk-version';
import { vendorInitData } from './vendor-init';

/** The options of a host with `embedding`. */
function options(embedding?: EmbeddingOptions, prefix?: string): ConfigureOptions {
  return { instanceUrl: 'https://flows.example', jwtToken: 'signed.jwt', prefix, embedding };
}

const defaults: EmbedVendorInitData = {
  jwtToken: 'signed.jwt',
  sdkVersion: SDK_VERSION,
  initialRoute: '/',
  prefix: '/',
  hideSidebar: false,
  hideFlowsPageNavbar: false,
  hidePageHeader: false,
  disableNavigationInBuilder: false,
  hideFlowNameInBuilder: false,
  homeButtonIcon: 'logo',
  emitHomeButtonClickedEvent: false,
  hideFolders: false,
  hideTables: false,
  hideExportAndImportFlow: false,
  hideDuplicateFlow: false,
  hideActiveUsers: false,
  hideGlobalSearch: false,
  locale: 'en',
};

describe('vendorInitData', () => {
  it('sends every flag false, the logo, English, the JWT and the SDK version by default', () => {
    expect(vendorInitData(options(), '/')).toStrictEqual(defaults);
    expect(SDK_VERSION).toBe('0.13.0');
  });

  it.each<[string, EmbeddingOptions, Partial<EmbedVendorInitData>]>([
    ['dashboard.hideSidebar', { dashboard: { hideSidebar: true } }, { hideSidebar: true }],
    [
      'dashboard.hideFlowsPageNavbar',
      { dashboard: { hideFlowsPageNavbar: true } },
      { hideFlowsPageNavbar: true },
    ],
    ['dashboard.hidePageHeader', { dashboard: { hidePageHeader: true } }, { hidePageHeader: true }],
    [
      'builder.disableNavigation true',
      { builder: { disableNavigation: true } },
      { disableNavigationInBuilder: true },
    ],
    [
      'builder.disableNavigation keep_home_button_only',
      { builder: { disableNavigation: 'keep_home_button_only' } },
      { disableNavigationInBuilder: 'keep_home_button_only' },
    ],
    ['builder.hideFlowName', { builder: { hideFlowName: true } }, { hideFlowNameInBuilder: true }],
    ['builder.homeButtonIcon', { builder: { homeButtonIcon: 'back' } }, { homeButtonIcon: 'back' }],
    [
      'builder.homeButtonClickedHandler present',
      { builder: { homeButtonClickedHandler: () => undefined } },
      { emitHomeButtonClickedEvent: true },
    ],
    ['hideFolders', { hideFolders: true }, { hideFolders: true }],
    ['hideTables', { hideTables: true }, { hideTables: true }],
    ['hideExportAndImportFlow', { hideExportAndImportFlow: true }, { hideExportAndImportFlow: true }],
    ['hideDuplicateFlow', { hideDuplicateFlow: true }, { hideDuplicateFlow: true }],
    ['hideActiveUsers', { hideActiveUsers: true }, { hideActiveUsers: true }],
    ['hideGlobalSearch', { hideGlobalSearch: true }, { hideGlobalSearch: true }],
    [
      'styling.fontUrl',
      { styling: { fontUrl: 'https://fonts.example/inter.css' } },
      { fontUrl: 'https://fonts.example/inter.css' },
    ],
    ['styling.fontFamily', { styling: { fontFamily: 'Inter' } }, { fontFamily: 'Inter' }],
    ['styling.mode', { styling: { mode: 'dark' } }, { mode: 'dark' }],
    ['locale', { locale: 'de' }, { locale: 'de' }],
  ])('maps %s', (_, embedding, changed) => {
    expect(vendorInitData(options(embedding), '/')).toStrictEqual({ ...defaults, ...changed });
  });

  it.each<[string, string | undefined, string]>([
    ['prefix "/" as "/"', '/', '/'],
    ['a prefix without its trailing slash', '/automations/', '/automations'],
  ])('sends %s', (_, prefix, expected) => {
    expect(vendorInitData(options(undefined, prefix), '/').prefix).toBe(expected);
  });

  it('sends the route it is given as initialRoute (the overlay route for connect())', () => {
    const route = '/embed/connections?pieceName=slack&randomId=1';
    expect(vendorInitData(options({ initialRoute: '/runs' }), route).initialRoute).toBe(route);
  });

  it('leaves out what the host does not configure (loadTimeoutMs, containerId, callbacks)', () => {
    const data = vendorInitData(
      options({ containerId: 'c', loadTimeoutMs: 5, navigation: { handler: () => undefined } }),
      '/',
    );
    expect(data).toStrictEqual(defaults);
  });
});
