/**
 * The official templates shipped as data files: each parses as a `Template`, has a stable unique
 * id, uses only the categories the server lists, names the pieces its flows use, and carries
 * every table its tables-piece steps name.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, IdParams, Template } from '@piecework/shared';
import { piecesOf } from '../template-service';
import { TEMPLATE_CATEGORIES } from '../template-query';
import { tableExternalIdsOf } from '../table-references';
import { findOfficialTemplate, OFFICIAL_TEMPLATES } from '.';

const each = OFFICIAL_TEMPLATES.map((template) => [template.name, template] as const);

describe('the official templates', () => {
  it('are a small curated set with unique ids', () => {
    expect(OFFICIAL_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(OFFICIAL_TEMPLATES.length).toBeLessThanOrEqual(5);
    expect(new Set(OFFICIAL_TEMPLATES.map((t) => t.id)).size).toBe(OFFICIAL_TEMPLATES.length);
    expect(findOfficialTemplate(OFFICIAL_TEMPLATES[1]!.id)).toBe(OFFICIAL_TEMPLATES[1]);
    expect(findOfficialTemplate('x'.repeat(21))).toBeUndefined();
  });

  it.each(each)('%s parses as a Template, unchanged', (_, template) => {
    expect(Template.parse(template)).toEqual(template);
    expect(IdParams.safeParse({ id: template.id }).success).toBe(true);
    expect(template).toMatchObject({ type: 'OFFICIAL', status: 'PUBLISHED', platformId: null });
  });

  it.each(each)('%s is filed under listed categories and names the pieces it uses', (_, template) => {
    for (const category of template.categories) expect(TEMPLATE_CATEGORIES).toContain(category);
    expect([...template.pieces].sort()).toEqual(piecesOf(template.flows ?? []).sort());
  });

  it.each(each)("%s is written in Piecework's dialect and carries the tables it uses", (_, template) => {
    const flows = template.flows ?? [];
    expect(flows.length).toBeGreaterThan(0);
    for (const flow of flows) expect(flow.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const named = new Set(flows.flatMap((flow) => tableExternalIdsOf(flow.trigger)));
    expect([...named].sort()).toEqual((template.tables ?? []).map((table) => table.externalId).sort());
  });

  it('include a webhook flow, a scheduled flow and one with a table and its rows', () => {
    const triggers = OFFICIAL_TEMPLATES.flatMap((t) => (t.flows ?? []).map((flow) => flow.trigger));
    const pieces = triggers.map((trigger) =>
      trigger.type === 'PIECE_TRIGGER' ? trigger.settings.pieceName : '',
    );
    expect(pieces).toContain('@activepieces/piece-webhook');
    expect(pieces).toContain('@activepieces/piece-schedule');
    const withRows = OFFICIAL_TEMPLATES.flatMap((t) => t.tables ?? []).filter(
      (t) => (t.data?.rows.length ?? 0) > 0,
    );
    expect(withRows.length).toBeGreaterThan(0);
  });
});
