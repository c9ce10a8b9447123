import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "#app/modules/feeds/response.server.ts";

// Google Merchant Center's scheduled fetch (docs/decisions/093-catalogue-feeds.md).
export const loader = ({ request }: LoaderFunctionArgs) => feedResponse(request, "google");
