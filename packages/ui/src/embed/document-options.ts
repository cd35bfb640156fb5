/**
 * The options that act on the document rather than on a page: the host's font (a stylesheet
 * link and the family on `<html>`, which the whole app inherits), `<html lang>` and the colour
 * theme.
 */
import { fixTheme } from '../app/theme';
import type { EmbedOptions } from './embed-options';

/** Applies `options`' font, locale and theme to `document`. */
export function applyDocumentOptions(options: EmbedOptions, document: Document): void {
  if (options.mode !== undefined) fixTheme(options.mode);
  if (options.fontUrl !== undefined && options.fontFamily !== undefined) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = options.fontUrl;
    link.dataset['testid'] = 'embed-font';
    document.head.append(link);
    document.documentElement.style.fontFamily = options.fontFamily;
  }
  if (options.locale !== undefined) document.documentElement.lang = options.locale;
}
