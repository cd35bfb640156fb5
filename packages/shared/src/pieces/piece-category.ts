import { z } from 'zod';

/**
 * The categories pieces are filed under, as Activepieces lists them
 * (`GET /v1/pieces/categories`; `categories` of a piece's metadata and of the list's filter).
 */
export const PieceCategory = z.enum([
  'ARTIFICIAL_INTELLIGENCE',
  'COMMUNICATION',
  'COMMERCE',
  'CORE',
  'UNIVERSAL_AI',
  'FLOW_CONTROL',
  'BUSINESS_INTELLIGENCE',
  'ACCOUNTING',
  'PRODUCTIVITY',
  'CONTENT_AND_FILES',
  'DEVELOPER_TOOLS',
  'CUSTOMER_SUPPORT',
  'FORMS_AND_SURVEYS',
  'HUMAN_RESOURCES',
  'PAYMENT_PROCESSING',
  'MARKETING',
  'SALES_AND_CRM',
]);
export type PieceCategory = z.infer<typeof PieceCategory>;

/**
 * What `GET /v1/pieces` sorts by (`sortBy`): Activepieces' values. NAME sorts by display name;
 * this server keeps no creation, update or popularity facts of pieces, so CREATED, UPDATED and
 * POPULARITY keep the catalogue's order (built-in pieces, then installed ones by name).
 */
export const PieceSortBy = z.enum(['NAME', 'UPDATED', 'CREATED', 'POPULARITY']);
export type PieceSortBy = z.infer<typeof PieceSortBy>;

/** The direction of `GET /v1/pieces`'s order (`orderBy`): ASC (default) or DESC (reversed). */
export const PieceOrderBy = z.enum(['ASC', 'DESC']);
export type PieceOrderBy = z.infer<typeof PieceOrderBy>;
