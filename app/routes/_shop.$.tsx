import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "#app/components/shop/not-found.tsx";
import { notFound } from "#app/lib/http-error.server.ts";

export async function loader() {
  throw notFound();
}

export default function CatchAll() {
  return <NotFound />;
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
