/** Sendbook's mark: a speech bubble with a page fold. Decorative next to the name. */
export function Logo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="8" fill="var(--accent)" />
      <path d="M9 10.5h14M9 15.5h10M9 20.5h6" stroke="var(--accent-text)" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M20 19.5l4 4v-4z" fill="var(--accent-text)" />
    </svg>
  );
}
