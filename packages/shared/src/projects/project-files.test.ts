import { describe, expect, it } from 'vitest';
import { chain, code, loop, piece, webhookTrigger } from '../testing';
import { isProjectFilePath, projectStateFromFiles, projectStateToFiles } from './project-files';
import type { ProjectState } from './project-state';

const SOURCE = 'export const code = async (inputs) => {\n  return inputs.total * 2;\n};';
const PACKAGE_JSON = '{\n  "dependencies": {\n    "dayjs": "1.11.13"\n  }\n}';

/** A project with a flow whose code steps (one inside a loop) have sources and one a package.json. */
function project(): ProjectState {
  const doubled = code('step_1', '');
  const withPackage = code('step_3', 'return 1;');
  if (doubled.type !== 'CODE' || withPackage.type !== 'CODE') throw new Error('code() builds CODE steps');
  doubled.settings.sourceCode = { code: SOURCE, packageJson: '{}' };
  withPackage.settings.sourceCode = { ...withPackage.settings.sourceCode, packageJson: PACKAGE_JSON };
  return {
    flows: [
      {
        externalId: 'orders',
        published: true,
        status: 'ENABLED',
        version: {
          displayName: 'Orders',
          trigger: {
            ...webhookTrigger(),
            nextAction: chain([
              doubled,
              loop('step_2', "{{trigger['body']}}", [withPackage]),
              piece('step_4', 'x'),
            ]),
          },
        },
      },
    ],
    connections: [
      { externalId: 'slack', displayName: 'Slack', pieceName: '@activepieces/piece-slack', type: 'OAUTH2' },
      { externalId: 'gmail', displayName: 'Gmail', pieceName: '@activepieces/piece-gmail', type: 'OAUTH2' },
    ],
    tables: [
      { name: 'Leads', externalId: 'leads', fields: [{ name: 'Email', type: 'TEXT', externalId: 'email' }] },
    ],
  };
}

/** The files of {@link project} with `changes` applied (`undefined` removes a file). */
function filesWith(changes: Record<string, string | undefined>): Record<string, string> {
  const files: Record<string, string | undefined> = { ...projectStateToFiles(project()), ...changes };
  return Object.fromEntries(
    Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function refusalOf(files: Record<string, string>) {
  const read = projectStateFromFiles(files);
  if (read.ok) throw new Error('expected a refusal');
  return read.refusal;
}

describe('projectStateToFiles', () => {
  it('writes one file per flow and table, each code step beside its flow, and the marker', () => {
    const files = projectStateToFiles(project());
    expect(Object.keys(files)).toEqual([
      'connections.json',
      'flows/orders.json',
      'flows/orders/step_1.ts',
      'flows/orders/step_3.package.json',
      'flows/orders/step_3.ts',
      'piecework-project.json',
      'tables/leads.json',
    ]);
    expect(files['piecework-project.json']).toBe('{\n  "formatVersion": 1\n}\n');
    expect(files['flows/orders/step_1.ts']).toBe(SOURCE);
    expect(files['flows/orders/step_3.package.json']).toBe(PACKAGE_JSON);
  });

  it('writes sorted keys, two-space indent and a final newline, connections by externalId', () => {
    const files = projectStateToFiles(project());
    expect(files['connections.json']).toBe(
      [
        '[',
        '  {',
        '    "displayName": "Gmail",',
        '    "externalId": "gmail",',
        '    "pieceName": "@activepieces/piece-gmail",',
        '    "type": "OAUTH2"',
        '  },',
        '  {',
        '    "displayName": "Slack",',
        '    "externalId": "slack",',
        '    "pieceName": "@activepieces/piece-slack",',
        '    "type": "OAUTH2"',
        '  }',
        ']',
        '',
      ].join('\n'),
    );
    const flowFile = files['flows/orders.json']!;
    expect(
      flowFile.startsWith('{\n  "externalId": "orders",\n  "published": true,\n  "status": "ENABLED",\n'),
    ).toBe(true);
    expect(flowFile.endsWith('}\n')).toBe(true);
  });

  it('replaces each code step source in the flow file by a reference to its file', () => {
    const flowFile = JSON.parse(projectStateToFiles(project())['flows/orders.json']!);
    const first = flowFile.version.trigger.nextAction;
    expect(first.settings.sourceCode).toEqual({
      code: { $file: 'flows/orders/step_1.ts' },
      packageJson: '{}',
    });
    expect(first.nextAction.firstLoopAction.settings.sourceCode).toEqual({
      code: { $file: 'flows/orders/step_3.ts' },
      packageJson: { $file: 'flows/orders/step_3.package.json' },
    });
    expect(projectStateToFiles(project())['flows/orders.json']).not.toContain('inputs.total');
  });

  it('names files after externalIds that cannot leave their folder', () => {
    const state = project();
    state.flows[0]!.externalId = '../../etc/passwd';
    state.tables[0]!.externalId = '.git';
    const paths = Object.keys(projectStateToFiles(state));
    expect(paths).toContain('flows/%2E.%2F..%2Fetc%2Fpasswd.json');
    expect(paths).toContain('flows/%2E.%2F..%2Fetc%2Fpasswd/step_1.ts');
    expect(paths).toContain('tables/%2Egit.json');
    expect(projectStateFromFiles(projectStateToFiles(state))).toMatchObject({ ok: true });
  });

  it('refuses two flows with one externalId', () => {
    const state = project();
    state.flows.push(state.flows[0]!);
    expect(() => projectStateToFiles(state)).toThrow(/would both be written to flows\/orders/);
  });
});

describe('projectStateFromFiles', () => {
  it('reads edited code back into its step and ignores files the format does not own', () => {
    const read = projectStateFromFiles(
      filesWith({ 'flows/orders/step_1.ts': 'export const code = async () => 42;', 'README.md': '# mine' }),
    );
    if (!read.ok) throw new Error(read.refusal.message);
    const first = read.state.flows[0]!.version.trigger.nextAction!;
    expect(first.type === 'CODE' && first.settings.sourceCode.code).toBe(
      'export const code = async () => 42;',
    );
  });

  it('takes a code step source written inline and an absent connections.json', () => {
    const flow = JSON.parse(filesWith({})['flows/orders.json']!);
    flow.version.trigger.nextAction.settings.sourceCode.code = 'inline';
    const read = projectStateFromFiles(
      filesWith({
        'flows/orders.json': JSON.stringify(flow),
        'flows/orders/step_1.ts': undefined,
        'connections.json': undefined,
      }),
    );
    if (!read.ok) throw new Error(read.refusal.message);
    expect(read.state.connections).toEqual([]);
    const first = read.state.flows[0]!.version.trigger.nextAction!;
    expect(first.type === 'CODE' && first.settings.sourceCode.code).toBe('inline');
  });

  it('refuses a folder without piecework-project.json', () => {
    expect(refusalOf(filesWith({ 'piecework-project.json': undefined }))).toMatchObject({
      code: 'MISSING_PROJECT_FILE',
      path: 'piecework-project.json',
    });
  });

  it('refuses a format version it does not know', () => {
    expect(refusalOf(filesWith({ 'piecework-project.json': '{"formatVersion": 2}' }))).toEqual({
      code: 'UNKNOWN_FORMAT_VERSION',
      path: 'piecework-project.json',
      message: 'piecework-project.json: formatVersion 2 is not one this release reads (it reads 1)',
    });
  });

  it('refuses a file that is not JSON, naming it', () => {
    const refusal = refusalOf(filesWith({ 'tables/leads.json': '{"name": "Leads",' }));
    expect(refusal).toMatchObject({ code: 'INVALID_JSON', path: 'tables/leads.json' });
    expect(refusal.message).toMatch(/^tables\/leads\.json is not JSON: /);
  });

  it('refuses a missing code file a flow refers to', () => {
    expect(refusalOf(filesWith({ 'flows/orders/step_3.ts': undefined }))).toEqual({
      code: 'MISSING_CODE_FILE',
      path: 'flows/orders/step_3.ts',
      message:
        "flows/orders/step_3.ts is missing: flows/orders.json refers to it for step step_3's sourceCode.code",
    });
    expect(refusalOf(filesWith({ 'flows/orders/step_3.package.json': undefined }))).toMatchObject({
      code: 'MISSING_CODE_FILE',
      path: 'flows/orders/step_3.package.json',
    });
  });

  it('refuses a code reference to another file than the step own', () => {
    const text = filesWith({})['flows/orders.json']!.replace(
      'flows/orders/step_1.ts',
      'flows/orders/step_3.ts',
    );
    expect(refusalOf(filesWith({ 'flows/orders.json': text }))).toEqual({
      code: 'INVALID_CODE_REFERENCE',
      path: 'flows/orders.json',
      message:
        'flows/orders.json: step step_1\'s sourceCode.code must be its text or {"$file": "flows/orders/step_1.ts"}',
    });
  });

  it('refuses a flow or table whose externalId is not its file name', () => {
    const files = filesWith({});
    expect(
      refusalOf(
        filesWith({ 'flows/orders.json': undefined, 'flows/invoices.json': files['flows/orders.json'] }),
      ),
    ).toEqual({
      code: 'EXTERNAL_ID_MISMATCH',
      path: 'flows/invoices.json',
      message:
        'flows/invoices.json holds the flow with externalId "orders", whose file is flows/orders.json: a file\'s name must be its flow\'s externalId',
    });
    expect(
      refusalOf(filesWith({ 'tables/leads.json': undefined, 'tables/x.json': files['tables/leads.json'] })),
    ).toMatchObject({
      code: 'EXTERNAL_ID_MISMATCH',
      path: 'tables/x.json',
    });
  });

  it('refuses files that do not match their schema, saying where', () => {
    const flow = JSON.parse(filesWith({})['flows/orders.json']!);
    flow.status = 'RUNNING';
    expect(refusalOf(filesWith({ 'flows/orders.json': JSON.stringify(flow) }))).toMatchObject({
      code: 'SCHEMA_MISMATCH',
      path: 'flows/orders.json',
      message: expect.stringMatching(/^flows\/orders\.json: status: /),
    });
    const bad = [
      ['tables/leads.json', '{"externalId": "leads", "name": "Leads"}', /^tables\/leads\.json: fields: /],
      ['connections.json', '[{"externalId": "x"}]', /^connections\.json: \[0\]\.displayName: /],
      ['piecework-project.json', '{"formatVersion": "1"}', /^piecework-project\.json: formatVersion: /],
    ] as const;
    for (const [path, text, message] of bad) {
      expect(refusalOf(filesWith({ [path]: text }))).toMatchObject({
        code: 'SCHEMA_MISMATCH',
        path,
        message: expect.stringMatching(message),
      });
    }
  });
});

describe('isProjectFilePath', () => {
  it('owns the marker, connections, flow and table files and code step files only', () => {
    const owned = [
      'piecework-project.json',
      'connections.json',
      'flows/orders.json',
      'flows/orders.v2.json',
      'flows/a%2Fb.json',
      'flows/orders/step_1.ts',
      'flows/orders/step_1.package.json',
      'tables/leads.json',
    ];
    const others = [
      'README.md',
      '.git/config',
      'flows/orders/notes.md',
      'flows/orders/step-1.ts',
      'flows/.hidden.json',
      'flows/../x.json',
      'flows/orders/nested/step_1.ts',
      'tables/leads/x.json',
      'tables/leads.csv',
      'sub/piecework-project.json',
      '/flows/orders.json',
    ];
    for (const path of owned) expect(isProjectFilePath(path), path).toBe(true);
    for (const path of others) expect(isProjectFilePath(path), path).toBe(false);
  });
});
