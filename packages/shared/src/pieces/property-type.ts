import { z } from 'zod';

/**
 * The property types of the pieces framework (how a piece declares one input). MARKDOWN is
 * display-only; DROPDOWN, MULTI_SELECT_DROPDOWN and DYNAMIC compute their options or sub-props
 * at design time; CUSTOM carries UI code.
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
]);
export type PropertyType = z.infer<typeof PropertyType>;
