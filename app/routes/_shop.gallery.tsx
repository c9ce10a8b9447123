import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { galleryAlt, Lightbox, thumbnailId } from "#app/components/shop/lightbox.tsx";
import { Picture } from "#app/components/ui/picture.tsx";
import { notFound } from "#app/lib/http-error.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { listGalleryImages } from "#app/modules/media/library.server.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { typedTextLang } from "#app/modules/i18n/typed-text.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const items = (await listGalleryImages({ publicOnly: true })).filter((item) => item.image);
    const images = items.map((item) => item.image!);
    const titles = items.map((item) => item.title);
    const requested = Number(new URL(request.url).searchParams.get("image"));
    if (requested && (!Number.isInteger(requested) || requested < 1 || requested > images.length)) {
      throw notFound();
    }
    const texts = pageStrings(request, "gallery");
    const titleLangs = titles.map((title) => typedTextLang(title, texts.lang));
    return { images, titles, titleLangs, error: false, ...texts };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "gallery failed to load");
    return data({ images: [] as ImageView[], titles: [] as (string | null)[], titleLangs: [], error: true, ...pageStrings(request, "gallery") }, { status: 503 });
  }
}

/** Opening, moving and closing the lightbox only changes ?image: the list is already here. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Gallery() {
  const { images, titles, titleLangs, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = useT("gallery");
  const common = useT("common");
  const local = useLocalPath();
  const open = Number(params.get("image"));
  const openIndex = Number.isInteger(open) && open >= 1 && open <= images.length ? open - 1 : null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="gallery-heading">
      <h1 id="gallery-heading" className="font-serif text-4xl text-brass-800">
        {t("title")}
      </h1>
      <p className="mt-2 text-brass-900/80">{t("intro")}</p>
      {error ? (
        <p role="alert" className="mt-6 rounded border border-red-300 bg-red-50 p-4 text-red-700">
          {t("error")}
        </p>
      ) : images.length === 0 ? (
        <p className="mt-6">{t("empty")}</p>
      ) : (
        <ul className="shop-masonry mt-6 columns-2 gap-4 lg:columns-3" data-testid="gallery">
          {images.map((image, i) => (
            <li key={image.id} id={thumbnailId(i + 1)} className="mb-4">
              <Link
                to={local(`/gallery?image=${i + 1}`)}
                preventScrollReset
                className="block overflow-hidden rounded-lg"
                aria-label={t("open", { n: i + 1, total: images.length })}
                data-testid="gallery-item"
              >
                <Picture
                  image={image}
                  alt={galleryAlt(titles, i, common)}
                  sizes="(min-width: 1024px) 33vw, 50vw"
                  priority={i < 2}
                  fallback
                  imgClassName="h-auto w-full"
                />
              </Link>
              {titles[i] ? (
                <p className="mt-1 text-sm text-brass-900/90" data-testid="gallery-title" lang={titleLangs[i]}>
                  {titles[i]}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {openIndex !== null ? <Lightbox images={images} titles={titles} titleLangs={titleLangs} index={openIndex} /> : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const og = data?.images[0]?.og;
  const texts = data?.strings.gallery;
  if (!texts) return [];
  return seo({
    lang: langFromMatches(matches),
    title: texts.title!,
    description: texts.metaDescription!,
    path: "/gallery",
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
    image: og ? { ...og, alt: texts.ogImageAlt! } : null,
  });
};
