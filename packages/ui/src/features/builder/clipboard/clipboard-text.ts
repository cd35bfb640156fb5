/**
 * The system clipboard for copied steps, with a copy kept in the tab: `navigator.clipboard` is
 * used when the browser allows it, and the last copied text is also kept in `sessionStorage`, so
 * that paste still works, across the flows of the same tab, when reading the clipboard is refused
 * (no permission, an insecure origin, or a frame without clipboard access).
 */

/** The `sessionStorage` key of the copy kept in the tab. */
export const KEPT_COPY_KEY = 'piecework.builder.copied-steps';

/** Writes `text` to the clipboard and keeps it in the tab; never rejects. Use it on copy and cut. */
export async function writeClipboardText(text: string): Promise<void> {
  try {
    sessionStorage.setItem(KEPT_COPY_KEY, text);
  } catch {
    // Storage full or disabled: the system clipboard below is all there is.
  }
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Writing refused: the copy kept in the tab serves the paste.
  }
}

/**
 * The clipboard's text, or the copy kept in the tab when reading is refused or the clipboard is
 * empty; '' when there is neither. Use it on paste.
 */
export async function readClipboardText(): Promise<string> {
  let text = '';
  try {
    text = await navigator.clipboard.readText();
  } catch {
    // Reading refused: fall back to the copy kept in the tab.
  }
  if (text.trim() !== '') return text;
  try {
    return sessionStorage.getItem(KEPT_COPY_KEY) ?? '';
  } catch {
    return '';
  }
}
