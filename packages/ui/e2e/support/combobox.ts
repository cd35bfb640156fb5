/**
 * Picking an option of the web app's searchable comboboxes (components/combobox.tsx), the way a
 * user does: open the list, type part of the option's text, click the option.
 */
import type { Locator } from 'playwright-core';

/**
 * Opens `combobox` (a `role="combobox"` button, e.g. `page.getByLabel('Type')`), filters its list
 * by `optionText` and picks the option whose text is exactly `optionText`; waits for the list to
 * close. Use it wherever a test chooses a value from a list.
 */
export async function pickOption(combobox: Locator, optionText: string): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  const search = page.getByRole('combobox', { name: 'Search the options' });
  await search.fill(optionText);
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: optionText, exact: true }).click();
  await search.waitFor({ state: 'detached' });
}
