import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "#app/components/shop/not-found.tsx";

export async function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function CatchAll() {
  return <NotFound />;
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
