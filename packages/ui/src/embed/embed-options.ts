/**
 * The host's options (`VENDOR_INIT` data, `EmbedVendorInitData`) as the app applies them. Outside
 * embed mode {@link DEFAULT_EMBED_OPTIONS} holds: nothing hidden, so the normal app is unchanged.
 * Use {@link embedOptionsOf} on the data of `VENDOR_INIT`: it takes each field only when it has
 * the right type, so a host sending something odd gets the default for that field.
 */
import type { EmbedBuilderNavigation, EmbedVendorInitData } from '@piecework/shared';

/** The options every page reads through `useEmbedOptions()`. */
export interface EmbedOptions {
  /** The app runs inside `@piecework/embed` (memory router, in-memory session). Default false. */
  readonly embedded: boolean;
  /** Remove the app shell's side bar. Default false. */
  readonly hideSidebar: boolean;
  /** Remove the flows page's navigation bar (its folder heading and search row). Default false. */
  readonly hideFlowsPageNavbar: boolean;
  /** Remove the title header of dashboard pages (their actions stay). Default false. */
  readonly hidePageHeader: boolean;
  /** true: no way out of the builder; 'keep_home_button_only': only its home button. Default false. */
  readonly disableNavigationInBuilder: EmbedBuilderNavigation;
  /** Remove the flow's name from the builder header. Default false. */
  readonly hideFlowNameInBuilder: boolean;
  /** The builder's home button: the logo or a back arrow. Default 'back' (the normal app's arrow). */
  readonly homeButtonIcon: 'logo' | 'back';
  /** The home button reports `CLIENT_BUILDER_HOME_BUTTON_CLICKED` instead of navigating. Default false. */
  readonly emitHomeButtonClickedEvent: boolean;
  /** Remove the folders panel and "Move to folder". Default false. */
  readonly hideFolders: boolean;
  /** Remove "Import flow" and the "Export" menu item. Default false. */
  readonly hideExportAndImportFlow: boolean;
  /** Remove the "Duplicate" menu item. Default false. */
  readonly hideDuplicateFlow: boolean;
  /** A stylesheet loading {@link fontFamily}; both or neither apply. Default none. */
  readonly fontUrl: string | undefined;
  /** The font family of the whole app. Default none (the app's own). */
  readonly fontFamily: string | undefined;
  /** `<html lang>` (the strings stay English). Default none (`en`, from index.html). */
  readonly locale: string | undefined;
  /** The colour theme (`styling.mode`). Default none: the OS's preference. */
  readonly mode: 'light' | 'dark' | undefined;
}

/** The options of the normal app: nothing hidden. */
export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  embedded: false,
  hideSidebar: false,
  hideFlowsPageNavbar: false,
  hidePageHeader: false,
  disableNavigationInBuilder: false,
  hideFlowNameInBuilder: false,
  homeButtonIcon: 'back',
  emitHomeButtonClickedEvent: false,
  hideFolders: false,
  hideExportAndImportFlow: false,
  hideDuplicateFlow: false,
  fontUrl: undefined,
  fontFamily: undefined,
  locale: undefined,
  mode: undefined,
};

/** The options of embed mode from `VENDOR_INIT` data; fields of the wrong type take the default. */
export function embedOptionsOf(data: Partial<Record<keyof EmbedVendorInitData, unknown>>): EmbedOptions {
  const flag = (value: unknown) => value === true;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const navigation = data.disableNavigationInBuilder;
  const fontUrl = text(data.fontUrl);
  const fontFamily = text(data.fontFamily);
  const bothFont = fontUrl !== undefined && fontFamily !== undefined;
  return {
    embedded: true,
    hideSidebar: flag(data.hideSidebar),
    hideFlowsPageNavbar: flag(data.hideFlowsPageNavbar),
    hidePageHeader: flag(data.hidePageHeader),
    disableNavigationInBuilder: navigation === 'keep_home_button_only' ? navigation : flag(navigation),
    hideFlowNameInBuilder: flag(data.hideFlowNameInBuilder),
    homeButtonIcon: data.homeButtonIcon === 'back' ? 'back' : 'logo',
    emitHomeButtonClickedEvent: flag(data.emitHomeButtonClickedEvent),
    hideFolders: flag(data.hideFolders),
    hideExportAndImportFlow: flag(data.hideExportAndImportFlow),
    hideDuplicateFlow: flag(data.hideDuplicateFlow),
    fontUrl: bothFont ? fontUrl : undefined,
    fontFamily: bothFont ? fontFamily : undefined,
    locale: text(data.locale),
    mode: data.mode === 'light' || data.mode === 'dark' ? data.mode : undefined,
  };
}

/** Whether the builder shows its home button under `options`. */
export function showsBuilderHomeButton(options: EmbedOptions): boolean {
  return options.disableNavigationInBuilder !== true;
}

/** Whether the builder shows links out other than the home button (e.g. "Open the test run"). */
export function showsBuilderLinksOut(options: EmbedOptions): boolean {
  return options.disableNavigationInBuilder === false;
}
