import type { ActionFunctionArgs } from "@remix-run/node";
import { fail } from "#app/modules/api/envelope.server.ts";
import { openApiDocument } from "#app/modules/api/openapi.server.ts";

// /api/v1/openapi.json: generated from the zod schemas the calls validate and answer with.
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

/** Any other method: the API's own 405 (Remix alone would answer "Unexpected Server Error"). */
export function action({ request }: ActionFunctionArgs) {
  return fail(405, `Method ${request.method.slice(0, 20)} is not allowed here: use GET.`, undefined, { Allow: "GET, HEAD" });
}
