import type { MetaDescriptor } from "@remix-run/node";
import { Link, isRouteErrorResponse } from "@remix-run/react";

// Both actions share one box (same border, padding and height), so they line up side by side or stacked.
const errorAction = "inline-flex min-h-11 min-w-40 items-center justify-center rounded border border-brass-700 px-4 py-2 font-semibold";

function ErrorScreen({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-brass-800">{title}</h1>
      <p className="mt-4 text-brass-900/80">{text}</p>
      <p className="mt-8 flex flex-wrap items-stretch justify-center gap-4">
        <Link className={`${errorAction} bg-brass-700 text-white hover:bg-brass-800`} to="/">
          Return Home
        </Link>
        <Link className={`${errorAction} bg-white text-brass-800 hover:bg-brass-100`} to="/contact">
          Contact Support
        </Link>
      </p>
    </section>
  );
}

/** The error screens' words: the 404 of docs/product-rules.md (Pages), a request the page does not take, anything else. */
function errorScreen(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: "Page Not Found", text: "The page you are looking for does not exist or has moved." };
  }
  if (isRouteErrorResponse(error) && error.status === 405) {
    return { title: "Not Allowed", text: "This page does not take that kind of request, so nothing was sent or changed." };
  }
  return { title: "Something went wrong", text: "We could not show this page just now. Please try again in a moment." };
}

/** The 404 screen of docs/product-rules.md, Pages ('Page Not Found', Return Home, Contact Support), or its siblings for a 405 and a 5xx. */
export function ShopError({ error }: { error: unknown }) {
  return <ErrorScreen {...errorScreen(error)} />;
}

export function NotFound() {
  return <ShopError error={{ status: 404, statusText: "Not Found", internal: false, data: null }} />;
}

/** Title for a route that rendered its error boundary; nothing otherwise (children set their own). */
export function errorMeta(error: unknown): MetaDescriptor[] {
  if (!error) return [];
  return [{ title: errorScreen(error).title }, { name: "robots", content: "noindex" }];
}
