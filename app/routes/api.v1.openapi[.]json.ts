import { openApiDocument } from "#app/modules/api/openapi.server.ts";

// /api/v1/openapi.json: generated from the zod schemas the calls validate and answer with.
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
