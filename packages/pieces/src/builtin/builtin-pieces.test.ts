import { PieceProperty } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PIECES, findBuiltinPiece } from './index';

describe('built-in pieces', () => {
  it("have Activepieces' names of their actions and triggers", () => {
    const names = Object.fromEntries(
      BUILTIN_PIECES.map((piece) => [
        piece.name,
        [...Object.keys(piece.actions), ...Object.keys(piece.triggers)],
      ]),
    );
    expect(names).toMatchInlineSnapshot(`
      {
        "@activepieces/piece-agent": [
          "run_agent",
        ],
        "@activepieces/piece-ai": [
          "run_agent",
        ],
        "@activepieces/piece-approval": [
          "wait_for_approval",
          "create_approval_links",
        ],
        "@activepieces/piece-data-mapper": [
          "advanced_mapping",
        ],
        "@activepieces/piece-date-helper": [
          "get_current_date",
          "format_date",
          "extract_date_parts",
          "date_difference",
          "add_subtract_date",
          "next_day_of_week",
          "next_day_of_year",
          "first_day_of_previous_month",
          "last_day_of_previous_month",
        ],
        "@activepieces/piece-delay": [
          "delayFor",
          "delay_until",
        ],
        "@activepieces/piece-forms": [
          "return_response",
          "return_markdown",
          "return_file",
          "return_chat_response",
          "form_submission",
          "file_submission",
          "chat_submission",
        ],
        "@activepieces/piece-http": [
          "send_request",
        ],
        "@activepieces/piece-json": [
          "convert_json_to_text",
          "convert_text_to_json",
        ],
        "@activepieces/piece-math-helper": [
          "addition_math",
          "subtraction_math",
          "multiplication_math",
          "division_math",
          "modulo_math",
          "generateRandom_math",
        ],
        "@activepieces/piece-mcp": [
          "reply_to_mcp_client",
          "mcp_tool",
        ],
        "@activepieces/piece-schedule": [
          "every_x_minutes",
          "every_hour",
          "every_day",
          "every_week",
          "every_month",
          "cron_expression",
        ],
        "@activepieces/piece-store": [
          "get",
          "put",
          "append",
          "remove_value",
          "add_to_list",
          "remove_from_list",
        ],
        "@activepieces/piece-subflows": [
          "callFlow",
          "streamCsvToSubflows",
          "returnResponse",
          "callableFlow",
        ],
        "@activepieces/piece-tables": [
          "tables-create-records",
          "tables-delete-record",
          "tables-update-record",
          "tables-get-record",
          "tables-find-records",
          "tables-clear-table",
          "tables-upsert-record",
          "newRecord",
          "updatedRecord",
          "deletedRecord",
        ],
        "@activepieces/piece-text-helper": [
          "concat",
          "replace",
          "split",
          "find",
          "markdown_to_html",
          "html_to_markdown",
          "stripHtml",
          "slugify",
          "defaultValue",
          "json_to_ascii_table",
        ],
        "@activepieces/piece-webhook": [
          "return_response",
          "return_response_and_wait_for_next_webhook",
          "catch_webhook",
        ],
      }
    `);
  });

  it('declare every property in the shape piece metadata requires', () => {
    for (const piece of BUILTIN_PIECES) {
      for (const step of [...Object.values(piece.actions), ...Object.values(piece.triggers)]) {
        for (const [name, prop] of Object.entries(step.props)) {
          expect(PieceProperty.safeParse(prop).success, `${piece.name} ${step.name} ${name}`).toBe(true);
        }
      }
    }
  });

  it('are found by name', () => {
    expect(findBuiltinPiece('@activepieces/piece-webhook')?.displayName).toBe('Webhook');
    expect(findBuiltinPiece('@activepieces/piece-slack')).toBeUndefined();
  });
});
