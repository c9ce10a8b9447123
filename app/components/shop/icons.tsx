/** A feature card's icon; its path comes with the page data (FEATURE_CARDS). */
export function FeatureIcon({ path }: { path: string }) {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" className="text-brass-600">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.4 3.3 5 6.7 5c2 0 3.4 1.1 4.3 2.4h2C13.9 6.1 15.3 5 17.3 5c3.4 0 5.6 3.4 4.2 6.7C19.5 16.4 12 21 12 21z"
        fill={filled ? "#8a3b1e" : "none"}
        stroke="#8a3b1e"
        strokeWidth="1.8"
      />
    </svg>
  );
}
