import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { NotFound, notFoundMeta } from "#app/components/shop/not-found.tsx";
import { notFound } from "#app/lib/http-error.server.ts";
import { englishPath, langOfPath, pathInLang } from "#app/modules/i18n/languages.ts";

/** Addresses visitors type for pages that live elsewhere (the menu's Videos is a view of About; every piece is under a category). */
const GUESSED_ADDRESSES: Record<string, string> = {
  "/videos": "/about?view=videos#videos",
  "/product": "/product/available-collection",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
  const target = GUESSED_ADDRESSES[englishPath(pathname)];
  if (target) throw redirect(pathInLang(target, langOfPath(pathname)), 301);
  throw notFound();
}

// A post to a path that does not exist is a 404 too, not "method not allowed".
export async function action() {
  throw notFound();
}

export default function CatchAll() {
  return <NotFound />;
}

export const meta: MetaFunction = (args) => notFoundMeta(args);
