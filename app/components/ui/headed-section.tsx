import type { HTMLAttributes, ReactNode } from "react";

const HEADING_SIZES = {
  lg: "font-serif text-lg text-brass-800",
  xl: "font-serif text-xl text-brass-800",
  "2xl": "font-serif text-2xl text-brass-800",
  "3xl": "font-serif text-3xl text-brass-800",
} as const;

/**
 * A section named by its heading: the heading's id (`${heading}-heading`) and the section's
 * aria-labelledby are written once here, so the two cannot drift apart.
 */
export function HeadedSection({
  heading,
  title,
  size,
  children,
  ...section
}: { heading: string; title: ReactNode; size: keyof typeof HEADING_SIZES } & HTMLAttributes<HTMLElement>) {
  const headingId = `${heading}-heading`;
  return (
    <section aria-labelledby={headingId} {...section}>
      <h2 id={headingId} className={HEADING_SIZES[size]}>
        {title}
      </h2>
      {children}
    </section>
  );
}
