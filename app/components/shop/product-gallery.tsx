import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Picture } from "#app/components/ui/picture.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";
import type { ImageView } from "#app/modules/media/views.ts";

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.5;
export const DOUBLE_TAP_MS = 300;
const SWIPE_PX = 50;
export const MAX_THUMBNAILS = 5;

const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/** The large picture's sizes (the product page preloads its first picture at these). */
export const GALLERY_IMAGE_SIZES = "(min-width: 1024px) 560px, 100vw";

/**
 * The detail page's images. Without JS: thumbnails and arrows are `?image=n` links and
 * the main image links to its largest size. With JS: the same links switch in place,
 * a sideways swipe at 1x shows the next or previous picture, and the main image zooms
 * (buttons 1x–3x in 0.5 steps, click, double tap within 300 ms, pinch) and pans by dragging.
 */
export function ProductGallery({ images, name, initial }: { images: readonly ImageView[]; name: string; initial: number }) {
  const hydrated = useHydrated();
  const t = useT("product");
  const shown = images.slice(0, MAX_THUMBNAILS);
  const count = shown.length;
  const [index, setIndex] = useState(Math.min(initial, Math.max(0, count - 1)));
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const drag = useRef<{ x: number; y: number; panX: number; panY: number } | null>(null);
  const lastTap = useRef(0);
  const lastPointerType = useRef("mouse");
  const moved = useRef(false);
  const swipe = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => setIndex(Math.min(initial, Math.max(0, count - 1))), [initial, count]);

  // Pointer handlers read the latest values from refs: several events can arrive before a render.
  const zoomRef = useRef(1);
  const panRef = useRef({ x: 0, y: 0 });
  const setPanTo = (next: { x: number; y: number }) => {
    panRef.current = next;
    setPan(next);
  };
  const setZoomLevel = (z: number) => {
    const next = clampZoom(Math.round(z * 10) / 10);
    zoomRef.current = next;
    setZoom(next);
    if (next === 1) setPanTo({ x: 0, y: 0 });
  };
  const show = (i: number) => {
    setIndex(((i % count) + count) % count);
    setZoomLevel(1);
  };

  const image = shown[index];
  const href = (i: number) => `?image=${((i % count) + count) % count + 1}`;

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    lastPointerType.current = event.pointerType;
    moved.current = false;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    swipe.current = event.pointerType === "touch" && pointers.current.size === 1 && zoomRef.current === 1 ? { x: event.clientX, y: event.clientY } : null;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), zoom: zoomRef.current };
      drag.current = null;
    } else if (zoomRef.current > 1) {
      drag.current = { x: event.clientX, y: event.clientY, panX: panRef.current.x, panY: panRef.current.y };
    }
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.current.distance > 0) setZoomLevel(pinch.current.zoom * (distance / pinch.current.distance));
      moved.current = true;
    } else if (drag.current) {
      const dx = event.clientX - drag.current.x;
      const dy = event.clientY - drag.current.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) moved.current = true;
      setPanTo({ x: drag.current.panX + dx / zoomRef.current, y: drag.current.panY + dy / zoomRef.current });
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) drag.current = null;
    // A sideways swipe (not a vertical scroll, which the browser takes) moves one picture.
    const start = event.type === "pointerup" ? swipe.current : null;
    swipe.current = null;
    const [dx, dy] = start ? [event.clientX - start.x, event.clientY - start.y] : [0, 0];
    if (count > 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) {
      moved.current = true;
      show(index + (dx < 0 ? 1 : -1));
    }
    if (event.pointerType === "touch" && !moved.current && pointers.current.size === 0) {
      const now = Date.now();
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        setZoomLevel(zoomRef.current > 1 ? 1 : 2);
        lastTap.current = 0;
      } else {
        lastTap.current = now;
      }
    }
  };

  if (!image) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      <div className="relative overflow-hidden rounded-lg bg-white">
        <a
          href={image.url}
          data-testid="main-image"
          aria-label={t(hydrated ? "zoomName" : "openLarge", { name })}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            // Touch uses double tap; a mouse click toggles zoom.
            if (lastPointerType.current === "touch" || moved.current) return;
            setZoomLevel(zoomRef.current > 1 ? 1 : 2);
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onDragStart={(event) => event.preventDefault()}
          className={`block ${zoom > 1 ? "cursor-grab touch-none" : "cursor-zoom-in touch-pan-y"}`}
        >
          <div
            style={{ transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)`, transition: "transform 120ms" }}
            data-testid="zoom-layer"
            data-zoom={zoom}
          >
            <Picture
              key={image.id}
              image={image}
              alt={t("pictureOf", { name, index: index + 1, total: count })}
              sizes={GALLERY_IMAGE_SIZES}
              priority
              fallback
              imgClassName="aspect-square w-full object-contain select-none"
            />
          </div>
        </a>
        {count > 1 ? (
          <>
            <a
              href={href(index - 1)}
              onClick={(event) => {
                event.preventDefault();
                show(index - 1);
              }}
              aria-label={t("previousImage")}
              className="absolute top-1/2 left-2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl shadow"
            >
              ‹
            </a>
            <a
              href={href(index + 1)}
              onClick={(event) => {
                event.preventDefault();
                show(index + 1);
              }}
              aria-label={t("nextImage")}
              className="absolute top-1/2 right-2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl shadow"
            >
              ›
            </a>
          </>
        ) : null}
        {hydrated ? (
          <div className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-white/90 p-1 shadow" role="group" aria-label={t("zoom")}>
            <button
              type="button"
              onClick={() => setZoomLevel(zoom - ZOOM_STEP)}
              disabled={zoom <= ZOOM_MIN}
              aria-label={t("zoomOut")}
              className="size-11 rounded-full text-lg disabled:opacity-40"
            >
              −
            </button>
            <span className="min-w-10 text-center text-sm" aria-live="polite" data-testid="zoom-level">
              {zoom}x
            </span>
            <button
              type="button"
              onClick={() => setZoomLevel(zoom + ZOOM_STEP)}
              disabled={zoom >= ZOOM_MAX}
              aria-label={t("zoomIn")}
              className="size-11 rounded-full text-lg disabled:opacity-40"
            >
              +
            </button>
          </div>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2" aria-label={t("pictures")}>
          {shown.map((thumb, i) => (
            <li key={thumb.id}>
              <a
                href={href(i)}
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
                aria-label={t("showPicture", { index: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded border-2 ${i === index ? "border-brass-700" : "border-transparent"}`}
                data-testid="thumbnail"
              >
                <Picture image={thumb} alt="" sizes="80px" fallback imgClassName="size-16 object-cover sm:size-20" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
