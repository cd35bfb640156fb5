import { describe, expect, it } from 'vitest';
import { csvFileName, csvOfExport } from './table-csv';

describe('csvOfExport', () => {
  it('writes a header row and each row by field name, CRLF, quoting only where needed', () => {
    const text = csvOfExport({
      name: 'People',
      fields: [
        { id: 'f1', name: 'Name' },
        { id: 'f2', name: 'Note' },
      ],
      rows: [{ Name: 'Ada', Note: 'says "hi", twice' }, { Name: 'Line\nbreak' }, { Name: ' edge' }],
    });
    expect(text).toBe('Name,Note\r\nAda,"says ""hi"", twice"\r\n"Line\nbreak",\r\n" edge",\r\n');
  });

  it('escapes cells a spreadsheet would run as formulas, as the server export does', () => {
    const text = csvOfExport({
      name: 'T',
      fields: [{ id: 'a', name: 'A' }],
      rows: [{ A: '=HYPERLINK("http://evil.example")' }, { A: '-2' }],
    });
    expect(text).toBe('A\r\n"\'=HYPERLINK(""http://evil.example"")"\r\n"\'-2"\r\n');
  });

  it('writes only the header for a table without rows', () => {
    expect(csvOfExport({ name: 'T', fields: [{ id: 'a', name: 'A' }], rows: [] })).toBe('A\r\n');
  });
});

describe('csvFileName', () => {
  it('replaces characters file systems refuse and never answers an empty name', () => {
    expect(csvFileName('a/b: c')).toBe('a-b- c.csv');
    expect(csvFileName('  ')).toBe('table.csv');
  });
});
