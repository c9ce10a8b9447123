import type { FeatureCard } from "#app/modules/site/content.ts";

const PATHS: Record<FeatureCard["icon"], string> = {
  seal: "M12 2l2.4 2.3 3.3-.4.6 3.3 2.9 1.6-1.4 3 1.4 3-2.9 1.6-.6 3.3-3.3-.4L12 22l-2.4-2.3-3.3.4-.6-3.3-2.9-1.6 1.4-3-1.4-3 2.9-1.6.6-3.3 3.3.4zM8.5 12l2.5 2.5 4.5-5",
  gem: "M6 3h12l4 6-10 12L2 9zM2 9h20M9 3l-2 6 5 12 5-12-2-6",
  tools: "M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z",
  wallet: "M3 7h16a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-4v4M16 13h2",
};

export function FeatureIcon({ icon }: { icon: FeatureCard["icon"] }) {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" className="text-brass-600">
      <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
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
