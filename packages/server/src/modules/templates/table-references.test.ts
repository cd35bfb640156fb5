import { describe, expect, it } from 'vitest';
import type { Step, Trigger } from '@piecework/shared';
import { TABLES_PIECE, tableExternalIdsOf, withTableIdsRenamed } from './table-references';

const piece = (name: string, pieceName: string, input: Record<string, unknown>, nextAction?: Step): Step => ({
  name,
  displayName: name,
  type: 'PIECE',
  valid: true,
  settings: { pieceName, pieceVersion: '0.1.0', actionName: 'a', propertySettings: {}, input },
  ...(nextAction === undefined ? {} : { nextAction }),
});

const tablesStep = (name: string, tableId: string, nextAction?: Step) =>
  piece(name, TABLES_PIECE, { table_id: tableId, values: { values: [] } }, nextAction);

/** A tables trigger on `leads`, then a loop and a router whose branches use tables steps. */
function flow(): Trigger {
  return {
    name: 'trigger',
    displayName: 'New record',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: TABLES_PIECE,
      pieceVersion: '0.2.8',
      triggerName: 'newRecord',
      propertySettings: {},
      input: { table_id: 'leads' },
    },
    nextAction: {
      name: 'step_1',
      displayName: 'Loop',
      type: 'LOOP_ON_ITEMS',
      valid: true,
      settings: { items: '{{trigger}}' },
      firstLoopAction: tablesStep('step_2', 'orders'),
      nextAction: {
        name: 'step_3',
        displayName: 'Router',
        type: 'ROUTER',
        valid: true,
        settings: {
          executionType: 'EXECUTE_FIRST_MATCH',
          branches: [{ branchType: 'FALLBACK', branchName: 'Otherwise' }],
        },
        children: [
          tablesStep('step_4', 'leads', piece('step_5', '@activepieces/piece-http', { table_id: 'leads' })),
        ],
      },
    },
  };
}

describe('table references of a flow', () => {
  it('finds every table the tables piece names, in the trigger, loops and branches, once each', () => {
    expect(tableExternalIdsOf(flow())).toEqual(['leads', 'orders']);
  });

  it('renames the tables-piece table_ids it is told to, and nothing else', () => {
    const before = flow();
    const after = withTableIdsRenamed(before, new Map([['leads', 'leads_2']]));
    expect(tableExternalIdsOf(after)).toEqual(['leads_2', 'orders']);
    // Another piece's `table_id` input is not a table of ours.
    expect(JSON.stringify(after)).toContain(
      '"pieceName":"@activepieces/piece-http","pieceVersion":"0.1.0","actionName":"a","propertySettings":{},"input":{"table_id":"leads"}',
    );
    expect(before).toEqual(flow());
  });

  it('answers the same flow when nothing is renamed', () => {
    const trigger = flow();
    expect(withTableIdsRenamed(trigger, new Map())).toBe(trigger);
    expect(withTableIdsRenamed(trigger, new Map([['other', 'x']]))).toEqual(trigger);
  });
});
