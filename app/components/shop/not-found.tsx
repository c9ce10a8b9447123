import type { MetaDescriptor } from "@remix-run/node";
import { Link, isRouteErrorResponse } from "@remix-run/react";

function ErrorScreen({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-brass-800">{title}</h1>
      <p className="mt-4 text-brass-900/80">{text}</p>
      <p className="mt-8 flex justify-center gap-4">
        <Link className="rounded bg-brass-700 px-4 py-2 text-white" to="/">
          Return Home
        </Link>
        <Link className="rounded border border-brass-700 px-4 py-2 text-brass-800" to="/contact">
          Contact Support
        </Link>
      </p>
    </section>
  );
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** The 404 screen of SPEC §2 ('Page Not Found', Return Home, Contact Support), or its 5xx sibling. */
export function ShopError({ error }: { error: unknown }) {
  return isNotFound(error) ? (
    <ErrorScreen title="Page Not Found" text="The page you are looking for does not exist or has moved." />
  ) : (
    <ErrorScreen title="Something went wrong" text="We could not show this page just now. Please try again in a moment." />
  );
}

export function NotFound() {
  return <ShopError error={{ status: 404, statusText: "Not Found", internal: false, data: null }} />;
}

/** Title for a route that rendered its error boundary; nothing otherwise (children set their own). */
export function errorMeta(error: unknown): MetaDescriptor[] {
  if (!error) return [];
  return [{ title: isNotFound(error) ? "Page Not Found" : "Something went wrong" }, { name: "robots", content: "noindex" }];
}
