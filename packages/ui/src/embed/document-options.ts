/**
 * The options that act on the document rather than on a page: the host's font (a stylesheet
 * link and the family on `<html>`, which the whole app inherits) and `<html lang>`.
 */
import type { EmbedOptions } from './embed-options';

/** Applies `options`' font and locale to `document`. */
export function applyDocumentOptions(options: EmbedOptions, document: Document): void {
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
