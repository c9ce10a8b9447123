import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fail } from "#app/modules/api/envelope.server.ts";

// Any other path under /api/v1, with any method: a JSON 404, never the HTML 404 page.
function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { pathname } = new URL(request.url);
  return fail(404, `No such API call: ${request.method} ${pathname.slice(0, 200)}`);
}

export const loader = notFound;
export const action = notFound;
