import { z } from 'zod';

/** A colour written `#` + six hex digits, e.g. `#1a2B3c`. */
export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be # followed by six hex digits');
export type HexColor = z.infer<typeof HexColor>;

/** A tag shown on a template: a title, a {@link HexColor} and an optional icon. */
export const TemplateTag = z.object({
  title: z.string().min(1),
  color: HexColor,
  icon: z.string().optional(),
});
export type TemplateTag = z.infer<typeof TemplateTag>;
