import type { MessageExportRow } from '@sendbook/api-contract';

/** Meta's pricing object as the export shows it: its four documented fields (others Meta may add are left out). */
export function presentPricing(p: Record<string, unknown> | null): MessageExportRow['pricing'] {
  if (!p || typeof p !== 'object') return null;
  return {
    billable: typeof p.billable === 'boolean' ? p.billable : null,
    pricing_model: typeof p.pricing_model === 'string' ? p.pricing_model : null,
    category: typeof p.category === 'string' ? p.category : null,
    type: typeof p.type === 'string' ? p.type : null,
  };
}
