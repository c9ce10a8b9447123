import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { parseRange } from "#app/modules/interest/kinds.ts";
import { interestCsv } from "#app/modules/interest/screen.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { filename, body } = await interestCsv(parseRange(new URL(request.url).searchParams.get("days")));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
