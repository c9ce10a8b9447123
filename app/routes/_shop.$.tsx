import type { MetaFunction } from "@remix-run/node";
import { NotFound, notFoundMeta } from "#app/components/shop/not-found.tsx";
import { notFound } from "#app/lib/http-error.server.ts";

export async function loader() {
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
