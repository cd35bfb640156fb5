/**
 * Files between steps in the pieces layer: `ctx.files.write` keeps a file in the host's file
 * store (saved as `step-file:<name>`, stored as `{fileName, base64}`) and answers the URL the host
 * gives (a signed URL) or `<apiUrl>v1/step-files/<id>`; a later step's FILE prop given such a URL
 * reads it from the store without HTTP (here with an empty SSRF allow list, which refuses
 * loopback); other URLs are not step files.
 */
import { describe, expect, it } from 'vitest';
import { testRequest, testServices, TEST_URL } from '../builtin/testing/test-services';
import { createAction, createPiece } from '../framework/create-piece';
import { Property } from '../framework/properties';
import { runBuiltinAction } from '../runner/create-piece-runner';
import type { PieceServices } from './piece-services';
import {
  decodeStepFile,
  encodeStepFile,
  fileNameOfStepFileSave,
  parseStepFileUrl,
  signedStepFileUrl,
  stepFileSaveName,
} from './step-files';

const piece = createPiece({
  name: '@activepieces/piece-test',
  displayName: 'Test',
  description: '',
  logoUrl: '',
  authors: [],
  version: '0.0.0',
  actions: [
    createAction({
      name: 'write',
      displayName: 'Write a file',
      description: '',
      requireAuth: false,
      props: { text: Property.ShortText({ displayName: 'Text', required: true }) },
      run: (ctx) => ctx.files.write({ fileName: 'note.txt', data: String(ctx.propsValue['text']) }),
    }),
    createAction({
      name: 'write_bytes',
      displayName: 'Write bytes',
      description: '',
      requireAuth: false,
      props: {},
      run: (ctx) => ctx.files.write({ fileName: 'pixel.png', data: new Uint8Array([0x89, 0x50, 0, 255]) }),
    }),
    createAction({
      name: 'read',
      displayName: 'Read a file',
      description: '',
      requireAuth: false,
      props: { file: Property.File({ displayName: 'File', required: true }) },
      run: async (ctx) => {
        const file = ctx.propsValue['file'] as { filename: string; extension?: string; data: Buffer };
        return { filename: file.filename, extension: file.extension, base64: file.data.toString('base64') };
      },
    }),
  ],
  triggers: [],
});

const run = (services: PieceServices, actionName: string, input: Record<string, unknown> = {}) =>
  runBuiltinAction(piece, { ...testRequest({ actionName, input }), services }, services);

describe('ctx.files.write and FILE props', () => {
  it('writes a file and a later step reads it from the store, not over HTTP', async () => {
    const services = testServices({ ssrfAllowList: [] });
    const written = await run(services, 'write', { text: 'héllo' });
    expect(written).toEqual({ status: 'SUCCEEDED', output: `${TEST_URL}v1/step-files/file-1` });
    const read = await run(services, 'read', { file: (written as { output: string }).output });
    expect(read).toEqual({
      status: 'SUCCEEDED',
      output: { filename: 'note.txt', extension: 'txt', base64: Buffer.from('héllo').toString('base64') },
    });
    const bytes = await run(services, 'write_bytes');
    const readBytes = await run(services, 'read', { file: (bytes as { output: string }).output });
    expect(readBytes).toMatchObject({ output: { filename: 'pixel.png', base64: 'iVAA/w==' } });
  });

  it('saves under the step-file name and answers the URL a signing host gives', async () => {
    const saved: { content: string; name: string }[] = [];
    const services = testServices({
      files: {
        save: async (content, info) => {
          saved.push({ content, name: info.name });
          return signedStepFileUrl(TEST_URL, 'a.b.c');
        },
        load: async () => '',
      },
    });
    expect(await run(services, 'write', { text: 'x' })).toEqual({
      status: 'SUCCEEDED',
      output: `${TEST_URL}v1/step-files/signed?token=a.b.c`,
    });
    expect(saved).toEqual([
      { name: 'step-file:note.txt', content: encodeStepFile('note.txt', Buffer.from('x')) },
    ]);
  });

  it('reads a signed URL by loading the whole URL, and fails saying why the host refused', async () => {
    const loaded: string[] = [];
    const services = testServices({
      ssrfAllowList: [],
      files: {
        save: async () => 'unused',
        load: async (reference) => {
          loaded.push(reference);
          if (reference.includes('expired'))
            throw new Error('The step file link expired at 2026-01-01T00:00:00.000Z');
          return encodeStepFile('image.png', Buffer.from([1, 2, 3]));
        },
      },
    });
    const url = signedStepFileUrl(TEST_URL, 'good.token.here');
    expect(await run(services, 'read', { file: url })).toEqual({
      status: 'SUCCEEDED',
      output: { filename: 'image.png', extension: 'png', base64: 'AQID' },
    });
    expect(loaded).toEqual([url]);
    const expired = await run(services, 'read', { file: signedStepFileUrl(TEST_URL, 'expired') });
    expect(expired).toMatchObject({ status: 'FAILED' });
    expect(JSON.parse((expired as { message: string }).message)).toEqual({
      file: [
        `Reading the step file at ${TEST_URL}v1/step-files/signed?token=expired failed: The step file link expired at 2026-01-01T00:00:00.000Z`,
      ],
    });
  });

  it('fails clearly on a step-file URL whose file is not there or is not a step file', async () => {
    const services = testServices({ ssrfAllowList: [] });
    const missing = await run(services, 'read', { file: `${TEST_URL}v1/step-files/file-9` });
    expect((missing as { message: string }).message).toMatch(
      /Reading the step file at .*file-9 failed: File file-9 does not exist/,
    );
    const offloaded = await services.files.save('{"a":1}', { name: 'run.step_1.output.json' });
    const notAFile = await run(services, 'read', { file: `${TEST_URL}v1/step-files/${offloaded}` });
    expect((notAFile as { message: string }).message).toMatch(/It is not a file a step wrote/);
  });
});

describe('step-file URLs', () => {
  const api = 'https://flows.example.com/automation/api/';

  it.each([
    [
      `${api}v1/step-files/signed?token=x.y.z`,
      { kind: 'signed', url: `${api}v1/step-files/signed?token=x.y.z`, token: 'x.y.z' },
    ],
    [`  ${api}v1/step-files/file%201  `, { kind: 'stored', fileId: 'file 1' }],
    ['HTTPS://FLOWS.example.com:443/automation/api/v1/step-files/abc', { kind: 'stored', fileId: 'abc' }],
  ])('%s is a step file of the server', (url, expected) => {
    expect(parseStepFileUrl(url, api)).toEqual(expected);
  });

  it.each([
    ['another host', 'https://other.example.com/automation/api/v1/step-files/signed?token=x'],
    ['another scheme', 'http://flows.example.com/automation/api/v1/step-files/signed?token=x'],
    ['another port', 'https://flows.example.com:8443/automation/api/v1/step-files/signed?token=x'],
    ['another path', 'https://flows.example.com/api/v1/step-files/signed?token=x'],
    ['no token', `${api}v1/step-files/signed`],
    ['a deeper path', `${api}v1/step-files/a/b`],
    ['the folder itself', `${api}v1/step-files/`],
    ['not a URL', 'step-files/signed?token=x'],
  ])('a URL of %s is not', (_, url) => {
    expect(parseStepFileUrl(url, api)).toBeUndefined();
  });

  it('encodes names and contents and tells step-file saves apart', () => {
    const text = encodeStepFile('a "b".bin', new Uint8Array([0, 255]));
    expect(decodeStepFile(text)).toEqual({ fileName: 'a "b".bin', data: Buffer.from([0, 255]) });
    expect(() => decodeStepFile('{"fileName":"x","base64":""}')).toThrow(/not a file a step wrote/);
    expect(() => decodeStepFile('not json')).toThrow(/not a file a step wrote/);
    expect(fileNameOfStepFileSave(stepFileSaveName('x.png'))).toBe('x.png');
    expect(fileNameOfStepFileSave('run_1.step_1.output.json')).toBeUndefined();
  });
});
