import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Picture } from "#app/components/ui/picture.tsx";
import type { ImageView } from "#app/modules/media/views.ts";

function galleryHref(i: number, total: number): string {
  return `/gallery?image=${((i % total) + total) % total + 1}`;
}

/**
 * The gallery lightbox, opened by URL (`/gallery?image=n`) so it works without JS:
 * previous/next/close are links and the counter reads 'n / total'. With JS the same
 * links navigate in place, Escape closes, and the arrow keys go previous/next.
 */
export function Lightbox({ images, index }: { images: readonly ImageView[]; index: number }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDivElement>(null);
  const total = images.length;
  const image = images[index];
  const at = (i: number) => galleryHref(i, total);
  const prev = at(index - 1);
  const next = at(index + 1);

  useEffect(() => {
    dialog.current?.focus();
  }, []);
  // Several key presses can come before the navigation lands: count from the last target.
  const target = useRef(index);
  useEffect(() => {
    target.current = index;
  }, [index]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const go = (to: string) => navigate(to, { preventScrollReset: true, replace: true });
      if (event.key === "Escape") go("/gallery");
      else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        target.current = (target.current + (event.key === "ArrowLeft" ? -1 : 1) + total) % total;
        go(galleryHref(target.current, total));
      } else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, total]);

  if (!image) return null;
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={`Picture ${index + 1} of ${total}`}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-black/90 p-4 outline-none"
      data-testid="lightbox"
    >
      <p className="mb-2 text-sm text-white" data-testid="lightbox-counter">
        {index + 1} / {total}
      </p>
      <Picture
        key={image.id}
        image={image}
        alt={`Gallery picture ${index + 1}`}
        sizes="100vw"
        priority
        imgClassName="max-h-[80vh] w-auto max-w-full object-contain"
      />
      <div className="mt-3 flex gap-3">
        <Link to={prev} replace preventScrollReset className="rounded bg-white/90 px-4 py-2 text-brass-900" aria-label="Previous picture">
          ‹ Previous
        </Link>
        <Link to="/gallery" replace preventScrollReset className="rounded bg-white px-4 py-2 font-semibold text-brass-900" aria-label="Close">
          Close ✕
        </Link>
        <Link to={next} replace preventScrollReset className="rounded bg-white/90 px-4 py-2 text-brass-900" aria-label="Next picture">
          Next ›
        </Link>
      </div>
    </div>
  );
}
