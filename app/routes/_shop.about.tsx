import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { Paragraphs } from "#app/components/ui/paragraphs.tsx";
import { Picture } from "#app/components/ui/picture.tsx";
import { useEffect } from "react";
import { logger } from "#app/lib/logger.server.ts";
import { listGalleryImages, listVideos } from "#app/modules/media/library.server.ts";
import type { ImageView, VideoView } from "#app/modules/media/views.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { typedTextLang } from "#app/modules/i18n/typed-text.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

/** The About story's lists: each names its texts in app/locales/<lang>/about.json. */
const STORY = ["story.1", "story.2"];
const PROCESS = ["core", "wax", "mould", "casting", "finishing"];
const MAKE = ["make.1", "make.2", "make.3", "make.4", "make.5"];
const WHY = ["why.1", "why.2", "why.3", "why.4"];

// The About/Videos switch (docs/product-rules.md, Pages) lives in the URL (?view=videos), so it works
// without JavaScript and survives a reload; the menu's Videos link adds #videos too.

export async function loader({ request }: LoaderFunctionArgs) {
  const showVideos = new URL(request.url).searchParams.get("view") === "videos";
  const texts = pageStrings(request, "about");
  let videos: Array<VideoView & { title: string | null; titleLang?: string }> = [];
  let error = false;
  if (showVideos) {
    try {
      const items = await listVideos({ publicOnly: true });
      videos = items.flatMap((item) => (item.video ? [{ ...item.video, title: item.title, titleLang: typedTextLang(item.title, texts.lang) }] : []));
    } catch (err) {
      logger.error({ err }, "videos failed to load");
      error = true;
    }
  }
  // Static text goes through the loader so it is not shipped again as JavaScript.
  return { showVideos, videos, error, photos: showVideos ? [] : await workshopPhotos(), ...texts };
}

const WORKSHOP_PHOTOS = 4;

/** The newest gallery pictures (the gallery is the workshop's own photographs); none if it cannot be read. */
async function workshopPhotos(): Promise<ImageView[]> {
  try {
    const items = await listGalleryImages({ publicOnly: true });
    return items.flatMap((item) => (item.image ? [item.image] : [])).slice(0, WORKSHOP_PHOTOS);
  } catch (err) {
    logger.error({ err }, "workshop photos failed to load");
    return [];
  }
}

function WorkshopPhotos({ photos }: { photos: ImageView[] }) {
  const t = useT("about");
  const local = useLocalPath();
  if (photos.length === 0) return null;
  return (
    <HeadedSection heading="photos" title={t("photosTitle")} size="2xl" className="mt-10" data-testid="workshop-photos">
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <Link to={local(`/gallery?image=${i + 1}`)} className="block overflow-hidden rounded-lg" aria-label={t("photoLink", { n: i + 1 })}>
              <Picture image={photo} alt={t("photoAlt", { n: i + 1 })} sizes="(min-width: 640px) 220px, 50vw" imgClassName="aspect-square h-auto w-full object-cover" />
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to={local("/gallery")} className="inline-flex min-h-11 items-center underline">
          {t("wholeGallery")}
        </Link>
      </p>
    </HeadedSection>
  );
}

/** A poster about 640 px wide from the poster's JPEG sizes (the largest is too heavy for a phone). */
function posterSrc(poster: ImageView | null): string | undefined {
  if (!poster) return undefined;
  const candidates = poster.jpegSrcset
    .split(", ")
    .map((entry) => entry.split(" "))
    .map(([url, w]) => ({ url: url!, width: Number.parseInt(w ?? "0", 10) }));
  return (candidates.find((c) => c.width >= 640) ?? candidates.at(-1))?.url ?? poster.fallback;
}

function ViewTabs({ showVideos }: { showVideos: boolean }) {
  const t = useT("about");
  const local = useLocalPath();
  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${active ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white"}`;
  return (
    <nav aria-label={t("tabs")} className="flex gap-2">
      <Link to={local("/about")} aria-current={!showVideos ? "page" : undefined} className={tab(!showVideos)} preventScrollReset>
        {t("tabStory")}
      </Link>
      <Link to={local("/about?view=videos#videos")} aria-current={showVideos ? "page" : undefined} className={tab(showVideos)} preventScrollReset>
        {t("tabVideos")}
      </Link>
    </nav>
  );
}

export default function About() {
  const { showVideos, videos, error, photos } = useLoaderData<typeof loader>();
  const t = useT("about");
  const local = useLocalPath();
  const location = useLocation();
  useEffect(() => {
    // The flag scrolls to the video section, after the layout's scroll-to-top; a link to another
    // place on the page ("Back to top", the skip link) goes there instead.
    if (!showVideos || (location.hash && location.hash !== "#videos")) return;
    const timer = window.setTimeout(() => document.getElementById("videos")?.scrollIntoView({ block: "start" }), 150);
    return () => window.clearTimeout(timer);
  }, [showVideos, location.key, location.hash]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-4xl text-brass-800">{t("title")}</h1>
      <div className="mt-4">
        <ViewTabs showVideos={showVideos} />
      </div>
      {showVideos ? (
        <HeadedSection heading="videos" title={t("videosTitle")} size="3xl" id="videos" className="mt-8 scroll-mt-4" data-testid="videos">
          {error ? (
            <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-4 text-red-700">
              {t("videosError")}
            </p>
          ) : videos.length === 0 ? (
            <p className="mt-4 text-brass-900/80">{t("noVideos")}</p>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {videos.map((video, i) => (
                <li key={video.id} className="flex flex-col items-center overflow-hidden rounded-lg bg-black">
                  <video
                    controls
                    preload="none"
                    playsInline
                    poster={posterSrc(video.poster)}
                    width={video.width}
                    height={video.height}
                    // The web copy is already turned upright by the worker. The box takes its final size
                    // before the poster arrives (no layout shift, and the scroll to #videos lands): as wide as
                    // the column, or narrower so a tall phone clip stays within 80 % of the screen's height.
                    style={{ aspectRatio: `${video.width} / ${video.height}`, width: `min(100%, calc(80vh * ${video.width / video.height}))` }}
                    className="mx-auto h-auto object-contain"
                    aria-label={video.title ?? t("videoLabel", { n: i + 1 })}
                    data-testid="video"
                  >
                    <source src={video.url} type="video/mp4" />
                    <a href={video.url}>{t("videoDownload", { n: i + 1 })}</a>
                  </video>
                  {video.title ? (
                    <p className="w-full px-3 py-2 text-sm text-white" data-testid="video-title" lang={video.titleLang}>
                      {video.title}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </HeadedSection>
      ) : (
        <div data-testid="about-story">
          <HeadedSection heading="story" title={t("storyTitle")} size="2xl" className="mt-8">
            <Paragraphs texts={STORY.map((key) => t(key))} className="mt-3 text-brass-900/90" />
          </HeadedSection>
          <WorkshopPhotos photos={photos} />
          <HeadedSection heading="craft" title={t("craftTitle")} size="2xl" className="mt-10">
            <ol className="mt-4 grid gap-4 sm:grid-cols-2">
              {PROCESS.map((step, i) => (
                <li key={step} className="rounded-lg bg-white p-4 shadow-sm">
                  <h3 className="font-semibold text-brass-800">
                    {i + 1}. {t(`process.${step}.step`)}
                  </h3>
                  <p className="mt-1 text-sm">{t(`process.${step}.text`)}</p>
                </li>
              ))}
            </ol>
          </HeadedSection>
          <section className="mt-10 grid gap-8 sm:grid-cols-2">
            <div>
              <h2 className="font-serif text-2xl text-brass-800">{t("makeTitle")}</h2>
              <ul className="mt-3 list-disc pl-5">
                {MAKE.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            </div>
            <div>
              <h2 className="font-serif text-2xl text-brass-800">{t("whyTitle")}</h2>
              <ul className="mt-3 list-disc pl-5">
                {WHY.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            </div>
          </section>
          <p className="mt-10">
            <Link to={local("/product/trending")} className="inline-block rounded-lg bg-brass-700 px-6 py-3 font-semibold text-white hover:bg-brass-800">
              {t("shopNow")}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const videos = data?.showVideos ?? false;
  const texts = data?.strings.about;
  if (!texts) return [];
  return seo({
    lang: langFromMatches(matches),
    title: videos ? texts.videosTitle! : texts.metaTitle!,
    description: videos ? texts.videosMetaDescription! : texts.metaDescription!,
    path: videos ? "/about?view=videos" : "/about",
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
    type: "article",
  });
};
