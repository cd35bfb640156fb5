/**
 * Real packages built on the pre-rename `@activepieces/framework` 0.2.0, unmodified (installed
 * as devDependencies), loaded and run through the isolated piece host. Their vendor APIs are
 * https URLs fixed in their code: the piece processes get `HTTPS_PROXY` pointing at a loopback
 * server, and the framework's axios 1.2.4 then sends each request to it in plain HTTP with the
 * target URL as the path (it does not tunnel), so the test sees exactly what the piece would send
 * the vendor, connection included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PieceMetadata } from '@piecework/shared';
import { NpmPieceHost } from './npm-piece-host';
import { usesPreRenameFramework } from './pre-rename-framework';
import { PRE_RENAME_PIECES, testResolver } from './testing/fixture-pieces';
import { startLocalServer, type ReceivedRequest } from './testing/local-server';
import { actionRequest, triggerRequest } from './testing/requests';
import { testServices } from './testing/test-services';

const LOOPBACK = ['127.0.0.1/32'];
const OAUTH = { type: 'OAUTH2', access_token: 'fake-token', refresh_token: 'r', data: {} };

describe('pieces built on the pre-rename framework, through NpmPieceHost', () => {
  let host: NpmPieceHost;
  let vendor: Awaited<ReturnType<typeof startLocalServer>>;
  const services = () => testServices({ ssrfAllowList: LOOPBACK });
  const lastRequest = (): ReceivedRequest => vendor.requests[vendor.requests.length - 1]!;

  beforeAll(async () => {
    vendor = await startLocalServer((request) => {
      if (request.path.includes('/gmail/v1/users/me/labels'))
        return { body: { labels: [{ id: 'INBOX', name: 'INBOX' }] } };
      if (request.path.includes('/gmail/v1/users/me/messages?'))
        return { body: { messages: [{ id: 'm1', threadId: 't1' }], resultSizeEstimate: 1 } };
      if (request.path.includes('/gmail/v1/users/me/messages/m1')) return { body: { id: 'm1' } };
      if (request.path.includes('/gmail/v1/users/me/threads/t1')) return { body: { id: 't1' } };
      return { body: { ok: true, echo: request.body } };
    });
    host = new NpmPieceHost({
      resolvePiece: testResolver(),
      poolSize: 1,
      env: { HTTPS_PROXY: vendor.url },
    });
  });
  afterAll(async () => {
    await host.close();
    await vendor.close();
  });

  it('loads their metadata: the credentials prop becomes the piece auth', async () => {
    for (const [name, version] of Object.values(PRE_RENAME_PIECES)) {
      const metadata = await host.metadata(name, version);
      expect(PieceMetadata.safeParse(metadata).success).toBe(true);
      expect(metadata).toMatchObject({ name, version });
      expect(metadata.contextVersion).toBeUndefined();
    }
    const gmail = await host.metadata(...PRE_RENAME_PIECES.gmail);
    expect(gmail.auth).toEqual({
      type: 'OAUTH2',
      displayName: 'Authentication',
      description: '',
      required: true,
      authUrl: 'https://accounts.google.com/o/oauth2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      scope: ['https://www.googleapis.com/auth/gmail.send', 'https://www.googleapis.com/auth/gmail.readonly'],
      hasConnectionIdentifier: false,
    });
    expect(Object.keys(gmail.actions).sort()).toEqual([
      'gmail_get_mail',
      'gmail_get_thread',
      'gmail_search_mail',
      'send_email',
    ]);
    expect(gmail.actions.send_email).toMatchObject({ requireAuth: true, sampleData: {} });
    expect(Object.keys(gmail.actions.send_email!.props)).toEqual([
      'receiver',
      'subject',
      'body_text',
      'body_html',
    ]);
    expect(gmail.triggers.gmail_new_email_received).toMatchObject({
      type: 'POLLING',
      requireAuth: true,
      sampleData: { message: { id: '183baac18543bef8' } },
    });
    expect(gmail.triggers.gmail_new_email_received!.props.label).toMatchObject({
      type: 'DROPDOWN',
      refreshers: [],
    });
    const discord = await host.metadata(...PRE_RENAME_PIECES.discord);
    expect(discord.auth).toBeUndefined();
    expect(discord.actions.send_message_webhook).toMatchObject({ requireAuth: false });
    expect((await host.metadata(...PRE_RENAME_PIECES.telegramBot)).auth).toMatchObject({
      type: 'SECRET_TEXT',
      displayName: 'Bot Token',
    });
    expect((await host.metadata(...PRE_RENAME_PIECES.trello)).auth).toMatchObject({
      type: 'BASIC_AUTH',
      username: { displayName: 'API Key' },
    });
  });

  it('runs an action without auth (discord) against a loopback webhook', async () => {
    const outcome = await host.runAction(
      actionRequest(PRE_RENAME_PIECES.discord, 'send_message_webhook', {
        webhook_url: `${vendor.url}/api/webhooks/1/abc`,
        content: 'Hello from a 0.2.0 piece',
      }),
      services().services,
    );
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: { status: 200, body: { ok: true, echo: { content: 'Hello from a 0.2.0 piece' } } },
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/api/webhooks/1/abc',
      body: { content: 'Hello from a 0.2.0 piece' },
    });
  });

  it('hands an OAuth2 connection to the credentials prop (gmail send_email)', async () => {
    const outcome = await host.runAction(
      actionRequest(PRE_RENAME_PIECES.gmail, 'send_email', {
        receiver: 'to@example.com',
        subject: 'Hi',
        body_text: 'Hello',
        auth: OAUTH,
      }),
      services().services,
    );
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { status: 200, body: { ok: true } } });
    const sent = lastRequest();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('https://gmail.googleapis.com/gmail/v1/users/me/messages/send');
    expect(sent.headers.authorization).toBe('Bearer fake-token');
    const raw = (sent.body as { raw: string }).raw.replace(/-/g, '+').replace(/_/g, '/');
    expect(Buffer.from(raw, 'base64').toString('utf8')).toContain('subject: Hi\nto: to@example.com');
  });

  it('hands a secret text as the bare secret and a basic auth as username and password', async () => {
    const telegram = await host.runAction(
      actionRequest(PRE_RENAME_PIECES.telegramBot, 'send_text_message', {
        chat_id: '42',
        message: 'hello',
        auth: { type: 'SECRET_TEXT', secret_text: '123:bot-secret' },
      }),
      services().services,
    );
    expect(telegram).toMatchObject({ status: 'SUCCEEDED' });
    expect(lastRequest().path).toBe('https://api.telegram.org/bot123:bot-secret/sendMessage');
    expect(lastRequest().body).toMatchObject({ chat_id: '42', text: 'hello' });

    const trello = await host.runAction(
      actionRequest(PRE_RENAME_PIECES.trello, 'get_card', {
        cardId: 'c1',
        auth: { type: 'BASIC_AUTH', username: 'api-key', password: 'api-token' },
      }),
      services().services,
    );
    expect(trello).toMatchObject({ status: 'SUCCEEDED', output: { ok: true } });
    expect(lastRequest().path).toBe('https://api.trello.com/1/cards/c1?key=api-key&token=api-token');
  });

  it('fails a step that needs the connection without one, before the piece runs', async () => {
    const before = vendor.requests.length;
    const outcome = await host.runAction(
      actionRequest(PRE_RENAME_PIECES.gmail, 'send_email', { receiver: 'a', subject: 'b', body_text: 'c' }),
      services().services,
    );
    expect(outcome).toMatchObject({
      status: 'FAILED',
      message: expect.stringContaining('"auth":["Expected a connection'),
    });
    expect(vendor.requests.length).toBe(before);
  });

  it('evaluates a dropdown whose options read the credentials prop (gmail labels)', async () => {
    const outcome = await host.evaluateProperty(
      {
        pieceName: PRE_RENAME_PIECES.gmail[0],
        pieceVersion: PRE_RENAME_PIECES.gmail[1],
        actionOrTriggerName: 'gmail_new_email_received',
        propertyName: 'label',
        input: { auth: OAUTH },
        projectId: 'project_1',
      },
      services().services,
    );
    expect(outcome).toEqual({
      status: 'OK',
      type: 'DROPDOWN',
      options: { disabled: false, options: [{ label: 'INBOX', value: { id: 'INBOX', name: 'INBOX' } }] },
    });
    expect(lastRequest().headers.authorization).toBe('Bearer fake-token');
  });

  it('enables and polls a trigger; a test without its own test function polls too', async () => {
    const { services: s, entries } = services();
    const input = { auth: OAUTH, category: 'primary' };
    const enabled = await host.runTrigger(
      triggerRequest(PRE_RENAME_PIECES.gmail, 'gmail_new_email_received', 'onEnable', input),
      s,
    );
    expect(enabled).toMatchObject({ status: 'SUCCEEDED', strategy: 'POLLING' });
    expect(entries.get('FLOW:flow_flow_A/gmail_new_email_trigger')).toMatchObject({
      last_read: expect.any(Number),
    });
    for (const hook of ['run', 'test'] as const) {
      const polled = await host.runTrigger(
        triggerRequest(PRE_RENAME_PIECES.gmail, 'gmail_new_email_received', hook, input, {
          test: hook === 'test',
        }),
        s,
      );
      expect(polled).toMatchObject({
        status: 'SUCCEEDED',
        output: [{ message: { id: 'm1' }, thread: { id: 't1' } }],
      });
    }
    const search = vendor.requests.find((request) => request.path.includes('/messages?'))!;
    expect(decodeURIComponent(search.path)).toContain('category:primary');
    expect(search.headers.authorization).toBe('Bearer fake-token');
  });

  it('tells such packages apart by their manifest', () => {
    expect(usesPreRenameFramework({ dependencies: { '@activepieces/framework': '0.2.0' } })).toBe(true);
    expect(usesPreRenameFramework({ dependencies: { '@activepieces/pieces-framework': '0.7.15' } })).toBe(
      false,
    );
  });
});
