import { describe, expect, it } from 'vitest';
import { downloadFile, fileDownloadOptions } from '../../props/file-urls';
import { runAction, testServices, testTriggerContext } from '../testing/test-services';
import { formsPiece } from './index';

const pdf = Buffer.from('%PDF-1.7 hello');
const pdfFile = { filename: 'cv.pdf', extension: 'pdf', data: pdf, base64: pdf.toString('base64') };
const storedCv = { fileId: 'file_cv', filename: 'cv.pdf', mimeType: 'application/pdf', size: pdf.length };

function trigger(name: string) {
  const found = formsPiece.triggers[name];
  if (!found) throw new Error(`no trigger ${name}`);
  return found;
}

describe('form_submission and file_submission', () => {
  const body = { fullName: 'Ada', remoteOnly: 'true', age: '36', cv: storedCv };

  it.each(['form_submission', 'file_submission'])(
    '%s starts one run with the submitted fields',
    async (name) => {
      const { ctx } = testTriggerContext({ payload: { body } });
      expect(await trigger(name).run(ctx)).toEqual([body]);
    },
  );

  it('offers the number field type besides the four of Activepieces', () => {
    const inputs = trigger('form_submission').props.inputs as unknown as {
      properties: Record<string, { options: unknown }>;
    };
    expect(inputs.properties.type!.options).toEqual({
      options: [
        { value: 'text', label: 'Text' },
        { value: 'text_area', label: 'Text Area' },
        { value: 'file', label: 'File' },
        { value: 'toggle', label: 'Toggle' },
        { value: 'number', label: 'Number' },
      ],
    });
  });
});

describe('chat_submission', () => {
  it('gives the chat, the message and the attachments in index order', async () => {
    const body = {
      chatId: 'chat_1',
      message: 'Summarise these',
      'file[10]': { fileId: 'f10' },
      'file[2]': { fileId: 'f2' },
      'file[0]': { fileId: 'f0' },
    };
    const { ctx } = testTriggerContext({ payload: { body } });
    expect(await trigger('chat_submission').run(ctx)).toEqual([
      {
        chatId: 'chat_1',
        message: 'Summarise these',
        files: [{ fileId: 'f0' }, { fileId: 'f2' }, { fileId: 'f10' }],
      },
    ]);
  });

  it.each([
    ['no chat id', { message: 'hi' }, 'Chat ID is required'],
    ['an empty message', { chatId: 'chat_1', message: '' }, 'Message is required'],
    ['no body', 'plain text', 'Chat ID is required'],
  ])('refuses a message with %s', async (_, body, message) => {
    const { ctx } = testTriggerContext({ payload: { body } });
    await expect(trigger('chat_submission').run(ctx)).rejects.toThrow(message);
  });
});

describe('return_response', () => {
  it('answers the page with the markdown and stops the run', async () => {
    const outcome = await runAction(formsPiece, 'return_response', { markdown: '**Done**' });
    const body = { type: 'markdown', value: '**Done**', files: [] };
    expect(outcome).toEqual({
      status: 'STOPPED',
      output: body,
      response: { status: 200, body, headers: {} },
    });
  });

  it('answers an attachment by a URL that reads back the same file', async () => {
    const services = testServices();
    const outcome = await runAction(
      formsPiece,
      'return_response',
      { markdown: 'Here', file: pdfFile },
      { services },
    );
    if (outcome.status !== 'STOPPED') throw new Error(`expected STOPPED, got ${outcome.status}`);
    const body = outcome.response?.body as { files: { url: string; mimeType: string }[] };
    expect(body.files).toEqual([
      {
        url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/v1\/step-files\//),
        mimeType: 'application/pdf',
      },
    ]);
    const fetched = await downloadFile(body.files[0]!.url, fileDownloadOptions(services, undefined));
    expect(fetched).toEqual({ filename: 'cv.pdf', extension: 'pdf', data: pdf });
  });
});

describe('return_markdown', () => {
  it('answers the page with the markdown and stops the run', async () => {
    const response = { status: 200, body: { type: 'markdown', value: 'Hi' }, headers: {} };
    expect(await runAction(formsPiece, 'return_markdown', { markdown: 'Hi' })).toEqual({
      status: 'STOPPED',
      output: response,
      response,
    });
  });

  it('fails without markdown', async () => {
    const outcome = await runAction(formsPiece, 'return_markdown', {});
    expect(outcome.status === 'FAILED' && outcome.message).toContain('Input "markdown" is required');
  });
});

describe('return_file', () => {
  it.each([
    ['pdf', 'application/pdf'],
    [undefined, 'application/octet-stream'],
    ['nosuchtype', 'application/octet-stream'],
  ])('answers the file inline (extension %s: %s) and stops the run', async (extension, mimeType) => {
    const file = { ...pdfFile, extension };
    const outcome = await runAction(formsPiece, 'return_file', { file });
    const body = {
      type: 'file',
      value: {
        base64Url: `data:${mimeType};base64,${pdfFile.base64}`,
        fileName: 'cv.pdf',
        extension: extension ?? null,
      },
    };
    expect(outcome).toMatchObject({ status: 'STOPPED', response: { status: 200, body, headers: {} } });
  });

  it('fails without a file', async () => {
    const outcome = await runAction(formsPiece, 'return_file', {});
    expect(outcome.status === 'FAILED' && outcome.message).toContain('Input "file" is required');
  });
});

describe('return_chat_response', () => {
  it('keeps the conversation across runs and answers it whole', async () => {
    const services = testServices();
    const turn = async (message: string, answer: string) => {
      const { ctx } = testTriggerContext({ services, payload: { body: { chatId: 'chat_7', message } } });
      await trigger('chat_submission').run(ctx);
      return runAction(
        formsPiece,
        'return_chat_response',
        { chatId: 'chat_7', markdown: answer },
        { services },
      );
    };
    await turn('Hello', 'Hi, how can I help?');
    const second = await turn('Tell me a joke', 'Why did the chicken...');
    const chat = {
      id: 'chat_7',
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'bot', content: 'Hi, how can I help?' },
        { role: 'user', content: 'Tell me a joke' },
        { role: 'bot', content: 'Why did the chicken...' },
      ],
    };
    expect(second).toEqual({
      status: 'STOPPED',
      output: { status: 200, body: chat, headers: {} },
      response: { status: 200, body: chat, headers: {} },
    });
  });

  it('fails without a chat id', async () => {
    const outcome = await runAction(formsPiece, 'return_chat_response', { markdown: 'x' });
    expect(outcome.status === 'FAILED' && outcome.message).toContain('Input "chatId" is required');
  });
});

describe('the piece', () => {
  it('hides retry and continue-on-failure on the actions that answer the page, as Activepieces does', () => {
    const hidden = { retryOnFailure: { hide: true }, continueOnFailure: { hide: true } };
    expect(formsPiece.actions.return_response!.errorHandlingOptions).toEqual(hidden);
    expect(formsPiece.actions.return_markdown!.errorHandlingOptions).toEqual(hidden);
    expect(formsPiece.actions.return_file!.errorHandlingOptions).not.toEqual(hidden);
  });
});

describe('the inputs of Activepieces forms piece', () => {
  const shape = (props: Record<string, { type: string; required: boolean; defaultValue?: unknown }>) =>
    Object.fromEntries(
      Object.entries(props).map(([name, prop]) => [name, [prop.type, prop.required, prop.defaultValue]]),
    );

  it.each([
    [
      'form_submission',
      {
        about: ['MARKDOWN', false, undefined],
        response: ['MARKDOWN', false, undefined],
        waitForResponse: ['CHECKBOX', true, false],
        inputs: ['ARRAY', true, undefined],
      },
    ],
    ['file_submission', { about: ['MARKDOWN', false, undefined], waitForResponse: ['CHECKBOX', true, true] }],
    [
      'chat_submission',
      {
        responseMarkdown: ['MARKDOWN', false, undefined],
        about: ['MARKDOWN', false, undefined],
        botName: ['SHORT_TEXT', true, 'AI Bot'],
      },
    ],
  ])('trigger %s', (name, expected) => {
    expect(shape(trigger(name).props)).toEqual(expected);
  });

  it.each([
    ['return_response', { markdown: ['LONG_TEXT', false, undefined], file: ['FILE', false, undefined] }],
    ['return_markdown', { markdown: ['LONG_TEXT', true, undefined] }],
    ['return_file', { file: ['FILE', true, undefined] }],
    [
      'return_chat_response',
      { chatId: ['SHORT_TEXT', true, undefined], markdown: ['LONG_TEXT', true, undefined] },
    ],
  ])('action %s', (name, expected) => {
    expect(shape(formsPiece.actions[name]!.props)).toEqual(expected);
  });
});
