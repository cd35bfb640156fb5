import { z } from 'zod';
import { FlowVersion } from '../flows/flow-version';
import { Template } from './template';

/**
 * A flow exported as Activepieces' shared template (`GET /v1/flows/:id/template`, what
 * its "Export flow" downloads): a {@link Template} without id, timestamps and platform, whose
 * `flows[0]` is the whole flow version, without sample data and connection references.
 * `IMPORT_FLOW` (and `piecework flows import`) takes it back as it is.
 */
export const FlowTemplate = Template.omit({
  id: true,
  created: true,
  updated: true,
  platformId: true,
  tables: true,
}).extend({
  flows: z.array(FlowVersion),
});
export type FlowTemplate = z.infer<typeof FlowTemplate>;
