/**
 * Tables in Chromium against a real server: a user creates a table, adds typed fields and rows,
 * edits cells inline (Enter saves, Escape cancels), imports a CSV file (and sees a bad one
 * refused), filters the grid, exports the table as CSV, deletes rows; on the list, searches,
 * renames and deletes tables.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url, 'Ada');
});
afterAll(() => ui?.close());
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** The texts of field `name`'s cells, top to bottom. */
async function column(name: string): Promise<string[]> {
  return ui.page.locator(`button[aria-label^="${name} of row "]`).allTextContents();
}

/** Waits until field `name`'s cells read `expected` in any order. */
async function expectColumn(name: string, expected: string[]): Promise<void> {
  await expect.poll(async () => (await column(name)).sort()).toEqual([...expected].sort());
}

/** Edits the cell of `field` in row `row` (1 = top): opens it, types `text`, presses `key`. */
async function editCell(field: string, row: number, text: string, key: 'Enter' | 'Escape' = 'Enter') {
  const { page } = ui;
  await page.getByRole('button', { name: new RegExp(`^${field} of row ${String(row)}:`) }).click();
  const editor = page.getByLabel(`${field} of row ${String(row)}`, { exact: true });
  await editor.fill(text);
  await editor.press(key);
  await editor.waitFor({ state: 'detached' });
}

/** Adds a field through the "New field" dialog. */
async function addField(name: string, type: string, options?: string[]) {
  const { page } = ui;
  await page.getByRole('button', { name: '+ New field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New field' });
  await dialog.getByLabel('Field name').fill(name);
  await pickOption(dialog.getByLabel('Type'), type);
  if (options !== undefined) await dialog.getByLabel('Options').fill(options.join('\n'));
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('columnheader', { name: new RegExp(`^${name} ${type}`) }).waitFor();
}

/** Imports `csv` through the "Import CSV" dialog; answers what the dialog then says. */
async function importCsv(csv: string): Promise<string> {
  const { page } = ui;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import CSV into/ });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const said = dialog.locator('[role="status"], [role="alert"]');
  await said.first().waitFor();
  return (await said.first().textContent()) ?? '';
}

describe('a table', () => {
  it('is created, gets fields and rows, cells edited inline, CSV imported, filtered, exported, rows deleted', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/flows`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Tables' }).click();
    await page.getByRole('heading', { name: 'Tables', level: 1 }).waitFor();
    await page.getByText('No tables yet').waitFor();
    await page.getByRole('button', { name: 'New table' }).click();
    await page.getByRole('dialog', { name: 'New table' }).getByLabel('Table name').fill('Contacts');
    await page.getByRole('dialog', { name: 'New table' }).getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    const [table] = (await user.client.tables.list({ projectId: user.projectId })).data;
    expect(page.url()).toBe(`${ui.url}/projects/${user.projectId}/tables/${table!.id}`);

    await addField('Name', 'Text');
    await addField('Age', 'Number');
    await addField('Joined', 'Date');
    await addField('Tier', 'Dropdown', ['Gold', 'Silver']);
    const fields = await user.client.fields.list({ tableId: table!.id });
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['Name', 'TEXT'],
      ['Age', 'NUMBER'],
      ['Joined', 'DATE'],
      ['Tier', 'STATIC_DROPDOWN'],
    ]);
    expect(fields[3]!.data).toEqual({ options: [{ value: 'Gold' }, { value: 'Silver' }] });

    await page.getByRole('button', { name: 'New row' }).click();
    await expectColumn('Name', ['']);
    await editCell('Name', 1, 'Ada');
    await editCell('Age', 1, '36');
    await editCell('Joined', 1, '2024-05-01');
    await page.getByRole('button', { name: /^Tier of row 1:/ }).click();
    await page.getByLabel('Tier of row 1', { exact: true }).selectOption('Gold');
    await page.getByLabel('Tier of row 1', { exact: true }).press('Enter');
    await expectColumn('Tier', ['Gold']);
    // Escape leaves the cell as it was.
    await editCell('Name', 1, 'Zed', 'Escape');
    await expectColumn('Name', ['Ada']);
    const [record] = (await user.client.records.list({ tableId: table!.id })).data;
    expect(
      Object.fromEntries(Object.values(record!.cells).map((cell) => [cell.fieldName, cell.value])),
    ).toEqual({
      Name: 'Ada',
      Age: '36',
      Joined: '2024-05-01',
      Tier: 'Gold',
    });

    expect(await importCsv('Name,Age,City\r\nGrace,45,Arlington\r\nLinus,28,Helsinki\r\n')).toBe(
      'Imported 2 rows. New fields: City.',
    );
    await page.getByRole('button', { name: 'Done' }).click();
    await expectColumn('Name', ['Ada', 'Grace', 'Linus']);
    await expectColumn('City', ['', 'Arlington', 'Helsinki']);
    // A malformed file is refused with the server's reason and adds nothing.
    ui.console.allow(/status of 400 .*\/import\)$/);
    expect(await importCsv('Name\r\n"never closed\r\n')).toMatch(/quoted cell is never closed/i);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectColumn('Name', ['Ada', 'Grace', 'Linus']);

    await page.getByRole('button', { name: '+ Add filter' }).click();
    await pickOption(page.getByLabel('Field of filter 1'), 'Age');
    await pickOption(page.getByLabel('Operator of filter 1'), 'greater than');
    await page.getByLabel('Value of filter 1').fill('30');
    await expectColumn('Name', ['Ada', 'Grace']);
    await page.getByRole('button', { name: '+ Add filter' }).click();
    await pickOption(page.getByLabel('Field of filter 2'), 'Name');
    await pickOption(page.getByLabel('Operator of filter 2'), 'contains');
    await page.getByLabel('Value of filter 2').fill('rac');
    await expectColumn('Name', ['Grace']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'table');
    await page.getByRole('button', { name: 'Remove filter 2' }).click();
    await page.getByRole('button', { name: 'Remove filter 1' }).click();
    await expectColumn('Name', ['Ada', 'Grace', 'Linus']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Contacts.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(
      'Name,Age,Joined,Tier,City\r\nAda,36,2024-05-01,Gold,\r\nGrace,45,,,Arlington\r\nLinus,28,,,Helsinki\r\n',
    );
    const served = await fetch(`${ui.url}/api/v1/tables/${table!.id}/export/csv`, {
      headers: { authorization: `Bearer ${user.session.token}` },
    });
    expect(csv).toBe(await served.text());

    const rowOf = async (name: string) => {
      const labels = await page
        .locator('button[aria-label^="Name of row "]')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      const label = labels.find((each) => each?.endsWith(`: ${name}`));
      return label!.replace(/^Name of row (\d+):.*$/, '$1');
    };
    await page.getByLabel(`Select row ${await rowOf('Grace')}`).check();
    await page.getByLabel(`Select row ${await rowOf('Linus')}`).check();
    await page.getByRole('button', { name: 'Delete 2 rows' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete rows?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectColumn('Name', ['Ada']);
    expect((await user.client.records.list({ tableId: table!.id })).data).toHaveLength(1);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('the tables list', () => {
  it('searches, renames and deletes tables', async () => {
    const { page } = ui;
    for (const name of ['Orders', 'Order lines', 'Suppliers']) {
      await user.client.tables.create({ projectId: user.projectId, name });
    }
    await openSignedIn(page, ui.url, user, `/projects/${user.projectId}/tables`);
    const names = () => page.locator('table.tables-table tbody td:first-child a').allTextContents();
    await expect.poll(names).toContain('Suppliers');
    await page.getByLabel('Search tables by name').fill('order');
    await expect.poll(async () => (await names()).sort()).toEqual(['Order lines', 'Orders']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Search tables by name').fill('');
    await expect.poll(names).toContain('Suppliers');
    await saveScreenshot(page, 'tables');

    await page.getByRole('button', { name: 'Actions of table Suppliers' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename table' }).getByLabel('Table name').fill('Vendors');
    await page.getByRole('dialog', { name: 'Rename table' }).getByRole('button', { name: 'Rename' }).click();
    await expect.poll(names).toContain('Vendors');

    await page.getByRole('button', { name: 'Actions of table Vendors' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete table?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(names).not.toContain('Vendors');
    const left = (await user.client.tables.list({ projectId: user.projectId })).data.map(
      (table) => table.name,
    );
    expect(left).not.toContain('Vendors');
    expect(left).toContain('Orders');
    expect(ui.console.errors).toEqual([]);
  });
});
