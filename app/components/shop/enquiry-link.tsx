import { Link } from "@remix-run/react";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

/** The enquiry heart, filled when the piece (or, in the header, any piece) is in the list. */
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

/**
 * The header's link to /enquiry with the number of pieces in the list. On phones, where the
 * header has no room to spare, it shows only once the list has a piece, as a heart with a badge.
 */
export function EnquiryLink({ count }: { count: number }) {
  const t = useT("common");
  return (
    <Link
      to={useLocalPath()("/enquiry")}
      className={`${count === 0 ? "hidden md:inline-flex" : "inline-flex"} relative min-h-11 min-w-11 items-center justify-center gap-1 text-sm font-medium text-brass-800`}
      aria-label={t("enquiryCount", { count })}
      data-testid="enquiry-link"
    >
      <HeartIcon filled={count > 0} />
      <span aria-hidden="true" className="absolute top-0.5 right-0 min-w-4 rounded-full bg-clay px-1 text-center text-[11px] leading-4 text-white md:hidden">
        {count}
      </span>
      <span aria-hidden="true" className="hidden md:inline">
        {t("enquiryCount", { count })}
      </span>
    </Link>
  );
}
