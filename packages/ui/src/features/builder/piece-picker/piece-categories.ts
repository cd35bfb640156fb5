/**
 * The category filters of the piece picker: All, Core (utility pieces and the core steps), AI,
 * then every other category that the listed pieces are filed under, named in words. A piece's
 * `categories` are Activepieces' (`GET /v1/pieces/categories`).
 */
import type { PieceCategory, PieceMetadataSummary } from '@piecework/shared';

/** One filter chip: an id (`ALL`, `CORE`, `AI` or a category) and its label. */
export interface CategoryFilter {
  readonly id: string;
  readonly label: string;
}

/** The words of each category Activepieces lists. */
const CATEGORY_LABELS: Record<PieceCategory, string> = {
  ARTIFICIAL_INTELLIGENCE: 'AI',
  UNIVERSAL_AI: 'AI',
  CORE: 'Core',
  FLOW_CONTROL: 'Core',
  COMMUNICATION: 'Communication',
  COMMERCE: 'Commerce',
  BUSINESS_INTELLIGENCE: 'Business intelligence',
  ACCOUNTING: 'Accounting',
  PRODUCTIVITY: 'Productivity',
  CONTENT_AND_FILES: 'Content and files',
  DEVELOPER_TOOLS: 'Developer tools',
  CUSTOMER_SUPPORT: 'Customer support',
  FORMS_AND_SURVEYS: 'Forms and surveys',
  HUMAN_RESOURCES: 'Human resources',
  PAYMENT_PROCESSING: 'Payment processing',
  MARKETING: 'Marketing',
  SALES_AND_CRM: 'Sales and CRM',
};

/** The categories each grouped filter stands for. */
const GROUPS: Record<string, readonly string[]> = {
  CORE: ['CORE', 'FLOW_CONTROL'],
  AI: ['ARTIFICIAL_INTELLIGENCE', 'UNIVERSAL_AI'],
};

/** A category in words: Activepieces' known ones by name, others from their id. */
export function categoryLabel(category: string): string {
  const known = (CATEGORY_LABELS as Record<string, string | undefined>)[category];
  if (known !== undefined) return known;
  const words = category.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** All, Core, AI, then the other categories of `pieces` in alphabetical order of their labels. */
export function categoryFilters(pieces: readonly PieceMetadataSummary[]): CategoryFilter[] {
  const grouped = new Set(Object.values(GROUPS).flat());
  const others = new Map<string, string>();
  for (const piece of pieces) {
    for (const category of piece.categories ?? []) {
      if (!grouped.has(category)) others.set(category, categoryLabel(category));
    }
  }
  return [
    { id: 'ALL', label: 'All' },
    { id: 'CORE', label: 'Core' },
    { id: 'AI', label: 'AI' },
    ...[...others].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
  ];
}

/** Whether `piece` is shown under filter `id`. */
export function isInCategory(piece: PieceMetadataSummary, id: string): boolean {
  if (id === 'ALL') return true;
  const wanted = GROUPS[id] ?? [id];
  return (piece.categories ?? []).some((category) => wanted.includes(category));
}
