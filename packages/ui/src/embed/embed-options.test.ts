import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_OPTIONS,
  embedOptionsOf,
  showsBuilderHomeButton,
  showsBuilderLinksOut,
} from './embed-options';

describe('embed options', () => {
  it('hide nothing by default, so the normal app is unchanged', () => {
    expect(DEFAULT_EMBED_OPTIONS).toMatchInlineSnapshot(`
      {
        "disableNavigationInBuilder": false,
        "embedded": false,
        "emitHomeButtonClickedEvent": false,
        "fontFamily": undefined,
        "fontUrl": undefined,
        "hideDuplicateFlow": false,
        "hideExportAndImportFlow": false,
        "hideFlowNameInBuilder": false,
        "hideFlowsPageNavbar": false,
        "hideFolders": false,
        "hidePageHeader": false,
        "hideSidebar": false,
        "homeButtonIcon": "back",
        "locale": undefined,
        "mode": undefined,
      }
    `);
    expect(showsBuilderHomeButton(DEFAULT_EMBED_OPTIONS)).toBe(true);
    expect(showsBuilderLinksOut(DEFAULT_EMBED_OPTIONS)).toBe(true);
  });

  it('an empty VENDOR_INIT hides nothing and shows the logo, as the Activepieces embed SDK defaults', () => {
    expect(embedOptionsOf({})).toEqual({ ...DEFAULT_EMBED_OPTIONS, embedded: true, homeButtonIcon: 'logo' });
  });

  it('takes every flag the host sets', () => {
    const options = embedOptionsOf({
      hideSidebar: true,
      hideFlowsPageNavbar: true,
      hidePageHeader: true,
      hideFlowNameInBuilder: true,
      emitHomeButtonClickedEvent: true,
      hideFolders: true,
      hideExportAndImportFlow: true,
      hideDuplicateFlow: true,
      homeButtonIcon: 'back',
      locale: 'fr',
    });
    expect(Object.values(options).filter((value) => value === false)).toEqual([false]);
    expect(options).toMatchObject({
      homeButtonIcon: 'back',
      locale: 'fr',
      disableNavigationInBuilder: false,
    });
  });

  it.each([
    [false, true, true],
    [true, false, false],
    ['keep_home_button_only', true, false],
    ['yes', true, true],
  ])('disableNavigationInBuilder %j: home button %j, links out %j', (value, home, links) => {
    const options = embedOptionsOf({ disableNavigationInBuilder: value });
    expect([showsBuilderHomeButton(options), showsBuilderLinksOut(options)]).toEqual([home, links]);
  });

  it.each([
    ['both given', 'https://fonts.example/x.css', 'Lato', 'Lato'],
    ['no url', undefined, 'Lato', undefined],
    ['no family', 'https://fonts.example/x.css', undefined, undefined],
    ['a blank family', 'https://fonts.example/x.css', '  ', undefined],
  ])('applies a font only with url and family (%s)', (_, fontUrl, fontFamily, expected) => {
    expect(embedOptionsOf({ fontUrl, fontFamily }).fontFamily).toBe(expected);
  });

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    ['DARK', undefined],
    [true, undefined],
  ])('takes styling.mode %j as the theme %j', (mode, expected) => {
    expect(embedOptionsOf({ mode }).mode).toBe(expected);
  });

  it('gives fields of the wrong type their default', () => {
    expect(embedOptionsOf({ hideSidebar: 'true', homeButtonIcon: 'house', locale: 3 })).toMatchObject({
      hideSidebar: false,
      homeButtonIcon: 'logo',
      locale: undefined,
    });
  });
});
