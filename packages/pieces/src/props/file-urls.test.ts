/**
 * FILE props given as URLs are downloaded through the SSRF-filtered client before the props
 * pipeline makes files of them: a loopback server let through by the allow list serves them; a
 * private address is refused; size limit and deadline hold. One check goes through the built-in
 * runner with a piece whose action takes a FILE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalHandler } from '../builtin/testing/local-server';
import { testRequest, testServices } from '../builtin/testing/test-services';
import { createAction, createPiece } from '../framework/create-piece';
import { Property } from '../framework/properties';
import { runBuiltinAction } from '../runner/create-piece-runner';
import { downloadFile, downloadFileProps, type FileDownloadOptions } from './file-urls';
import { processProps } from './process-props';
import type { PropertyMap } from './property-kinds';

let server: Awaited<ReturnType<typeof startLocalServer>>;
let route: LocalHandler = () => ({});
beforeAll(async () => {
  server = await startLocalServer((request) => route(request));
});
afterAll(() => server.close());

const allowed: FileDownloadOptions = { allowList: ['127.0.0.1/32'], maxBytes: 1024, timeoutMs: 2_000 };
const props: PropertyMap = {
  report: Property.File({ displayName: 'Report', required: true }),
  note: Property.ShortText({ displayName: 'Note', required: false }),
};

describe('FILE props given as URLs', () => {
  it('downloads them through the allow list and the pipeline makes files of them', async () => {
    route = () => ({ headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.7') });
    const input = { report: `${server.url}/files/q3%20report.pdf`, note: `${server.url}/not-a-file` };
    const downloaded = await downloadFileProps(props, input, allowed);
    expect(downloaded.ok).toBe(true);
    if (!downloaded.ok) return;
    expect(downloaded.input['note']).toBe(input.note);
    const processed = processProps({ props, input: downloaded.input, auth: undefined, requireAuth: false });
    expect(processed.ok && processed.propsValue['report']).toEqual({
      filename: 'q3 report.pdf',
      extension: 'pdf',
      data: Buffer.from('%PDF-1.7'),
      base64: Buffer.from('%PDF-1.7').toString('base64'),
    });
  });

  it.each([
    ['/', 'image/png', 'unknown.png', 'png'],
    ['/download', 'image/png', 'download.png', 'png'],
    ['/export', 'text/csv; charset=utf-8', 'export.csv', 'csv'],
    ['/blob', null, 'blob.bin', 'bin'],
  ])('names a file from %s served as %s', async (path, type, filename, extension) => {
    const headers: Record<string, string> = type === null ? {} : { 'content-type': type };
    route = () => ({ headers, body: 'x' });
    expect(await downloadFile(`${server.url}${path}`, allowed)).toMatchObject({ filename, extension });
  });

  it.each([
    ['attachment; filename="q3.pdf"', 'q3.pdf', 'pdf'],
    [`attachment; filename="x.bin"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`, 'résumé.txt', 'txt'],
    ['attachment; filename=../../etc/passwd.csv', 'passwd.csv', 'csv'],
    ['inline', 'signed.png', 'png'],
  ])('names a file by its Content-Disposition %s', async (disposition, filename, extension) => {
    route = () => ({
      headers: { 'content-type': 'image/png', 'content-disposition': disposition },
      body: 'x',
    });
    expect(await downloadFile(`${server.url}/signed?token=t`, allowed)).toMatchObject({
      filename,
      extension,
    });
  });

  it.each([
    [
      'a loopback address not on the allow list',
      () => `${server.url}/f.txt`,
      { allowList: [] },
      /Request to 127\.0\.0\.1 blocked/,
    ],
    ['a private address', () => 'http://10.0.0.1/f.txt', { allowList: [] }, /Request to 10\.0\.0\.1 blocked/],
    ['a cloud metadata address', () => 'http://169.254.169.254/latest', { allowList: [] }, /blocked/],
  ])('refuses %s', async (_, url, options, message) => {
    route = () => ({ body: 'secret' });
    await expect(downloadFile(url(), { ...allowed, ...options })).rejects.toThrow(message);
  });

  it.each([
    ['declared', { 'content-length': '2048' }],
    ['streamed', { 'transfer-encoding': 'chunked' }],
  ])('refuses a file over the size limit (%s)', async (_, headers) => {
    route = () => ({ headers, body: Buffer.alloc(2048) });
    await expect(downloadFile(`${server.url}/big.bin`, allowed)).rejects.toThrow(
      /is larger than the 1024-byte limit/,
    );
  });

  it('gives up at the deadline', async () => {
    route = () => ({ body: 'late', delayMs: 1_000 });
    await expect(downloadFile(`${server.url}/slow.txt`, { ...allowed, timeoutMs: 100 })).rejects.toThrow(
      /took longer than 100 ms/,
    );
  });

  it('fails on an error status', async () => {
    route = () => ({ status: 404, body: 'nope' });
    await expect(downloadFile(`${server.url}/gone.txt`, allowed)).rejects.toThrow(/failed with status 404/);
  });

  it('fails the step with the reason per prop in the built-in runner', async () => {
    route = () => ({ headers: { 'content-type': 'text/plain' }, body: 'hello' });
    const piece = createPiece({
      name: '@activepieces/piece-test',
      displayName: 'Test',
      description: '',
      logoUrl: '',
      authors: [],
      version: '0.0.0',
      actions: [
        createAction({
          name: 'test',
          displayName: 'Read a file',
          description: '',
          requireAuth: false,
          props: { report: Property.File({ displayName: 'Report', required: true }) },
          run: async (ctx) => (ctx.propsValue['report'] as { data: Buffer }).data.toString('utf8'),
        }),
      ],
      triggers: [],
    });
    const run = (url: string, ssrfAllowList: string[]) =>
      runBuiltinAction(
        piece,
        { ...testRequest({ input: { report: url } }), services: testServices({ ssrfAllowList }) },
        testServices({ ssrfAllowList }),
      );
    expect(await run(`${server.url}/hello.txt`, ['127.0.0.1/32'])).toEqual({
      status: 'SUCCEEDED',
      output: 'hello',
    });
    const refused = await run(`${server.url}/hello.txt`, []);
    expect(refused).toMatchObject({ status: 'FAILED' });
    expect(JSON.parse((refused as { message: string }).message)).toEqual({
      report: [expect.stringMatching(/^Downloading the file at .* failed: Request to 127\.0\.0\.1 blocked/)],
    });
  });
});
