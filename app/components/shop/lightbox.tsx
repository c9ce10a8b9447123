import { Link, useNavigate } from "@remix-run/react";
import { suppressOthers } from "aria-hidden";
import { useEffect, useRef, type PointerEvent } from "react";
import { Picture } from "#app/components/ui/picture.tsx";
import type { ImageView } from "#app/modules/media/views.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import type { Translate } from "#app/modules/i18n/translate.ts";

function galleryHref(i: number, total: number): string {
  return `/gallery?image=${((i % total) + total) % total + 1}`;
}

/** The id of a gallery thumbnail: Close without JS lands on it (`/gallery#picture-n`). */
export function thumbnailId(n: number): string {
  return `picture-${n}`;
}

/** A gallery picture's alternative text: its title when the admin gave one (`t` over the common texts). */
export function galleryAlt(titles: readonly (string | null)[], i: number, t: Translate): string {
  return titles[i] ?? t("lightbox.alt", { n: i + 1 });
}

/** A horizontal move of at least this many CSS px (and more across than down) is a swipe. */
const SWIPE_PX = 50;

/**
 * The gallery lightbox, opened by URL (`/gallery?image=n`) so it works without JS:
 * previous/next/close are links and the counter reads 'n / total'; Close goes back to the
 * thumbnail. With JS the same links navigate in place (no server round trip: see the
 * shouldRevalidate of the gallery and root routes), Escape closes, the arrow keys and a
 * swipe go previous/next, the page behind is inert (Tab stays in the lightbox), and closing
 * returns focus to the thumbnail of the last picture.
 */
export function Lightbox({
  images,
  titles,
  titleLangs,
  index,
}: {
  images: readonly ImageView[];
  titles: readonly (string | null)[];
  /** Each title's `lang` where it differs from the page's (typedTextLang). */
  titleLangs: readonly (string | undefined)[];
  index: number;
}) {
  const navigate = useNavigate();
  const t = useT("common");
  const local = useLocalPath();
  const dialog = useRef<HTMLDivElement>(null);
  const total = images.length;
  const image = images[index];
  const at = (i: number) => local(galleryHref(i, total));
  const prev = at(index - 1);
  const next = at(index + 1);

  // Several key presses or swipes can come before the navigation lands: count from the last target.
  const target = useRef(index);
  useEffect(() => {
    target.current = index;
  }, [index]);
  useEffect(() => {
    if (!dialog.current) return;
    // A modal: the page behind is inert and does not scroll while it is open, so Tab stays among
    // its controls (a control the page adds later, such as "Scroll to top", would not be inert).
    const restorePage = suppressOthers(dialog.current);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    dialog.current.focus({ preventScroll: true });
    return () => {
      root.style.overflow = overflow;
      restorePage();
      // On close (unmount), focus goes back to the thumbnail of the picture last shown.
      document.getElementById(thumbnailId(target.current + 1))?.querySelector("a")?.focus();
    };
  }, []);

  const go = (to: string) => navigate(local(to), { preventScrollReset: true, replace: true });
  const step = (by: -1 | 1) => {
    target.current = (target.current + by + total) % total;
    go(galleryHref(target.current, total));
  };
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") go("/gallery");
      else if (event.key === "ArrowLeft") stepRef.current(-1);
      else if (event.key === "ArrowRight") stepRef.current(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- go only wraps navigate and the page's language
  }, [navigate, local]);

  const start = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  if (!image) return null;
  const button = "inline-flex min-h-11 min-w-11 items-center justify-center rounded px-4 py-2 text-brass-900";
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t("lightbox.picture", { n: index + 1, total })}
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
      className="fixed inset-0 z-50 flex touch-pan-y flex-col items-center justify-center bg-black/90 p-4 outline-none select-none"
      data-testid="lightbox"
    >
      <p className="mb-2 text-sm text-white" data-testid="lightbox-counter">
        {index + 1} / {total}
      </p>
      <Picture
        key={image.id}
        image={image}
        alt={galleryAlt(titles, index, t)}
        sizes="100vw"
        priority
        imgClassName="max-h-[75vh] w-auto max-w-full object-contain pointer-events-none"
      />
      {titles[index] ? (
        <p className="mt-2 text-center text-white" data-testid="lightbox-title" lang={titleLangs[index]}>
          {titles[index]}
        </p>
      ) : null}
      <div className="mt-3 flex gap-3">
        <Link to={prev} replace preventScrollReset className={`${button} bg-white/90`} aria-label={t("lightbox.previousLabel")}>
          {t("lightbox.previous")}
        </Link>
        <Link
          to={local(`/gallery#${thumbnailId(index + 1)}`)}
          onClick={(event) => {
            // With JS, close in place: the page stays where it was scrolled.
            event.preventDefault();
            go("/gallery");
          }}
          className={`${button} bg-white font-semibold`}
          aria-label={t("lightbox.closeLabel")}
        >
          {t("lightbox.close")}
        </Link>
        <Link to={next} replace preventScrollReset className={`${button} bg-white/90`} aria-label={t("lightbox.nextLabel")}>
          {t("lightbox.next")}
        </Link>
      </div>
    </div>
  );
}
