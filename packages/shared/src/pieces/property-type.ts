import { z } from 'zod';

/**
 * The property types of the pieces framework (how a piece declares one input). MARKDOWN is
 * display-only; DROPDOWN, MULTI_SELECT_DROPDOWN and DYNAMIC compute their options or sub-props
 * at design time; CUSTOM carries UI code. SECRET_TEXT is a secret input, found among the `props`
 * of a CUSTOM_AUTH or OAUTH2 auth (`PieceAuth.SecretText` used as a property).
 */
export const PropertyType = z.enum([
  'SHORT_TEXT',
  'LONG_TEXT',
  'MARKDOWN',
  'NUMBER',
  'CHECKBOX',
  'DATE_TIME',
  'COLOR',
  'JSON',
  'OBJECT',
  'ARRAY',
  'STATIC_DROPDOWN',
  'STATIC_MULTI_SELECT_DROPDOWN',
  'DROPDOWN',
  'MULTI_SELECT_DROPDOWN',
  'DYNAMIC',
  'FILE',
  'CUSTOM',
  'SECRET_TEXT',
]);
export type PropertyType = z.infer<typeof PropertyType>;
