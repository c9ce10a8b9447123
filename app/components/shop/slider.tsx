import { useCallback, useEffect, useRef, useState } from "react";
import { Picture } from "#app/components/ui/picture.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import type { Slide } from "#app/modules/site/content.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

declare global {
  interface Window {
    /** True when the page's scripts started because the slider's first move was due, not at a touch (patches/README.md). */
    __scriptsOnTime?: boolean;
  }
}

export const SLIDE_INTERVAL_MS = 5000;
/** The slide pictures' sizes (the home page preloads the first at these). */
export const SLIDE_IMAGE_SIZES = "(min-width: 1152px) 1120px, 100vw";

/**
 * The home slider. Without JS it is a CSS scroll-snap strip with anchor dots; with JS
 * it gains previous/next buttons, keyboard arrows and a 5 s auto-advance that wraps
 * both ways and pauses while hovered or focused.
 */
export function Slider({ slides }: { slides: ReadonlyArray<Slide & { image: ImageView | null }> }) {
  const hydrated = useHydrated();
  const t = useT("home");
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  const lastGo = useRef(0);
  const go = useCallback(
    (target: number) => {
      const next = ((target % count) + count) % count;
      lastGo.current = Date.now();
      setIndex(next);
      const el = track.current;
      if (el) el.scrollTo({ left: next * el.clientWidth });
    },
    [count],
  );

  // Untouched, the page's scripts started when the first move was due: it moves now. Started by a
  // touch, the visitor is reading: the first move waits its full interval.
  useEffect(() => {
    if (window.__scriptsOnTime && count > 1) go(1);
  }, [go, count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => go(index + 1), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [go, index, paused, count]);

  // A swipe (scroll-snap) also moves the current slide, read once the scrolling stops
  // (reading it mid-animation would fight the buttons).
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        // Only a visitor's swipe moves the index here; our own scrolls already set it.
        if (el.clientWidth > 0 && Date.now() - lastGo.current > 1000) setIndex(Math.round(el.scrollLeft / el.clientWidth));
      }, 150);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    // A swipe before the scripts came has already moved the strip.
    if (el.scrollLeft > 0) onScroll();
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener("scroll", onScroll);
    };
  }, []);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("sliderLabel")}
      className={`relative mx-auto max-w-6xl px-4 py-8${hydrated ? "" : " shop-slider-static"}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
        // Our own move, not the browser's keyboard scroll of the focused strip.
        event.preventDefault();
        go(index + (event.key === "ArrowLeft" ? -1 : 1));
      }}
      data-testid="slider"
      data-index={index}
      // It moves by itself every 5 s: the page's scripts start at the visitor's first touch, as on the
      // rest of the storefront, or when the first move is due (patches/README.md).
      data-scripts-by={count > 1 ? SLIDE_INTERVAL_MS : undefined}
    >
      <div ref={track} className="shop-slider flex overflow-x-auto rounded-lg bg-brass-900" tabIndex={0} aria-label={t("slides")}>
        {slides.map((slide, i) => (
          <article
            key={slide.id}
            id={`slide-${slide.id}`}
            aria-roledescription="slide"
            aria-label={t("slideOf", { n: i + 1, count })}
            aria-hidden={hydrated && i !== index ? true : undefined}
            className="relative w-full shrink-0"
            data-testid="slide"
          >
            {slide.image ? (
              <Picture
                image={slide.image}
                alt={t(`slide.${slide.id}.alt`)}
                sizes={SLIDE_IMAGE_SIZES}
                // The first slide is on screen at load (on phones it is the largest image): no lazy loading.
                priority={i === 0}
                imgClassName="aspect-[16/7] min-h-64 w-full object-cover opacity-70"
              />
            ) : (
              <div className="aspect-[16/7] min-h-64 w-full bg-gradient-to-br from-brass-700 to-clay" />
            )}
            {/* A dark band under the words keeps white text readable over a bright photo (4.5:1 over
                its brightest pixel: tests/e2e/storefront-contrast.spec.ts); the side padding keeps
                the title clear of the arrow buttons on a phone. */}
            <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/85 via-black/65 via-70% to-black/20 px-16 py-6 text-white sm:p-10 sm:px-20">
              {/* A box as tall as the longest caption: words set from the box's foot would climb as
                  they arrive on a slow line (the page is painted in pieces). */}
              <div className="min-h-44 sm:min-h-40 md:min-h-24">
                <h2 className="max-w-xl font-serif text-2xl drop-shadow sm:text-4xl">{t(`slide.${slide.id}.title`)}</h2>
                <p className="mt-2 max-w-xl text-sm drop-shadow sm:text-base">{t(`slide.${slide.id}.text`)}</p>
              </div>
            </div>
          </article>
        ))}
      </div>
      {hydrated ? (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label={t("previousSlide")}
            className="absolute top-1/2 left-6 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-xl text-brass-900"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            aria-label={t("nextSlide")}
            className="absolute top-1/2 right-6 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-xl text-brass-900"
          >
            ›
          </button>
        </>
      ) : null}
      <ol className="mt-1 flex justify-center" aria-label={t("chooseSlide")}>
        {slides.map((slide, i) => (
          <li key={slide.id}>
            <a
              href={`#slide-${slide.id}`}
              onClick={(event) => {
                event.preventDefault();
                go(i);
              }}
              aria-label={t("slideN", { n: i + 1 })}
              aria-current={hydrated && i === index ? "true" : undefined}
              className="flex size-11 items-center justify-center"
              data-testid="slider-dot"
            >
              <span
                aria-hidden="true"
                className={`shop-slider-dot block size-3.5 rounded-full border border-brass-700 ${hydrated && i === index ? "bg-brass-700" : "bg-white"}`}
              />
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
