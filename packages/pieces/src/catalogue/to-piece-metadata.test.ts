import { PieceCategory, PieceMetadata } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PIECES } from '../builtin';
import { createAction, createPiece, createTrigger } from '../framework/create-piece';
import { PieceCatalogue } from './piece-catalogue';
import { toPieceMetadata } from './to-piece-metadata';

/** The Activepieces packages' categories of each built-in piece (`json` has none there). */
const REFERENCE_CATEGORIES: Record<string, string[] | undefined> = {
  '@activepieces/piece-webhook': ['CORE'],
  '@activepieces/piece-schedule': ['CORE'],
  '@activepieces/piece-http': ['CORE'],
  '@activepieces/piece-delay': ['CORE', 'FLOW_CONTROL'],
  '@activepieces/piece-store': ['CORE'],
  '@activepieces/piece-data-mapper': ['CORE'],
  '@activepieces/piece-approval': ['CORE', 'FLOW_CONTROL'],
  '@activepieces/piece-subflows': ['CORE', 'FLOW_CONTROL'],
  '@activepieces/piece-text-helper': ['CORE'],
  '@activepieces/piece-json': undefined,
  '@activepieces/piece-date-helper': ['CORE'],
  '@activepieces/piece-math-helper': ['CORE'],
  '@activepieces/piece-mcp': ['ARTIFICIAL_INTELLIGENCE', 'UNIVERSAL_AI'],
  '@activepieces/piece-tables': ['CORE'],
  '@activepieces/piece-ai': ['ARTIFICIAL_INTELLIGENCE', 'UNIVERSAL_AI'],
  '@activepieces/piece-agent': ['UNIVERSAL_AI'],
  '@activepieces/piece-forms': ['CORE'],
};

describe('the catalogue metadata of built-in pieces', () => {
  const catalogue = new PieceCatalogue({ builtins: BUILTIN_PIECES });

  it('carries each piece its reference categories and minimum release, valid metadata', async () => {
    expect(Object.keys(REFERENCE_CATEGORIES).sort()).toEqual(
      BUILTIN_PIECES.map((piece) => piece.name).sort(),
    );
    for (const [name, categories] of Object.entries(REFERENCE_CATEGORIES)) {
      const metadata = await catalogue.get(name);
      expect(PieceMetadata.safeParse(metadata).success).toBe(true);
      expect(metadata?.categories).toEqual(categories);
      for (const category of categories ?? []) expect(PieceCategory.options).toContain(category);
      expect(metadata?.minimumSupportedRelease).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const listed = await catalogue.list();
    expect(listed.find((piece) => piece.name === '@activepieces/piece-delay')).toMatchObject({
      categories: ['CORE', 'FLOW_CONTROL'],
      minimumSupportedRelease: '0.73.0',
    });
  });

  it('carries error-handling defaults, test strategies, AI metadata and classification', async () => {
    const subflows = await catalogue.get('@activepieces/piece-subflows');
    expect(subflows?.actions.streamCsvToSubflows).toMatchObject({
      errorHandlingOptions: {
        continueOnFailure: { defaultValue: false, hide: false },
        retryOnFailure: { defaultValue: false, hide: true },
      },
      audience: 'both',
      classification: 'WRITE',
      aiMetadata: { idempotent: false },
    });
    expect(subflows?.triggers.callableFlow).toMatchObject({
      testStrategy: 'TEST_FUNCTION',
      classification: 'READ',
      aiMetadata: { description: expect.stringContaining('reusable subroutine') },
    });
    const webhook = await catalogue.get('@activepieces/piece-webhook');
    expect(webhook?.triggers.catch_webhook?.testStrategy).toBe('SIMULATION');
    expect(webhook?.actions.return_response?.errorHandlingOptions).toEqual({
      continueOnFailure: { defaultValue: false },
      retryOnFailure: { defaultValue: false },
    });
    const schedule = await catalogue.get('@activepieces/piece-schedule');
    expect(Object.values(schedule!.triggers).map((trigger) => trigger.testStrategy)).toEqual(
      Object.values(schedule!.triggers).map(() => 'TEST_FUNCTION'),
    );
    const http = await catalogue.get('@activepieces/piece-http');
    expect(http?.actions.send_request?.errorHandlingOptions).toEqual({
      continueOnFailure: { hide: true, defaultValue: false },
      retryOnFailure: { hide: true, defaultValue: false },
    });
  });

  it('derives the test strategy as the Activepieces framework does, and flags connection identifiers', () => {
    const run = async () => [];
    const piece = createPiece({
      name: '@fixtures/piece-strategies',
      displayName: 'Strategies',
      description: '',
      logoUrl: '',
      authors: [],
      version: '1.0.0',
      auth: { type: 'SECRET_TEXT', displayName: 'Key', required: true, getConnectionIdentifier: () => 'x' },
      actions: [
        createAction({
          name: 'a',
          displayName: 'A',
          description: '',
          props: {},
          sampleData: { id: 1 },
          run: async () => 1,
        }),
      ],
      triggers: [
        createTrigger({ name: 'hook', displayName: 'H', description: '', props: {}, type: 'WEBHOOK', run }),
        createTrigger({
          name: 'hook_test',
          displayName: 'H',
          description: '',
          props: {},
          type: 'WEBHOOK',
          run,
          test: run,
        }),
        createTrigger({ name: 'poll', displayName: 'P', description: '', props: {}, type: 'POLLING', run }),
        createTrigger({
          name: 'app',
          displayName: 'A',
          description: '',
          props: {},
          type: 'APP_WEBHOOK',
          run,
        }),
        createTrigger({
          name: 'app_sample',
          displayName: 'A',
          description: '',
          props: {},
          type: 'APP_WEBHOOK',
          sampleData: {},
          run,
        }),
      ],
    });
    const metadata = toPieceMetadata(piece);
    expect(Object.fromEntries(Object.values(metadata.triggers).map((t) => [t.name, t.testStrategy]))).toEqual(
      {
        hook: 'SIMULATION',
        hook_test: 'TEST_FUNCTION',
        poll: 'TEST_FUNCTION',
        app: 'SIMULATION',
        app_sample: 'TEST_FUNCTION',
      },
    );
    expect(metadata.actions.a).toMatchObject({ sampleData: { id: 1 } });
    expect(metadata.auth).toEqual({
      type: 'SECRET_TEXT',
      displayName: 'Key',
      required: true,
      hasConnectionIdentifier: true,
    });
    expect(metadata).not.toHaveProperty('categories');
  });
});
