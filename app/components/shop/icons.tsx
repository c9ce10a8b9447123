/** A feature card's icon; its path comes with the page data (FEATURE_CARDS). */
export function FeatureIcon({ path }: { path: string }) {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" className="text-brass-600">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
