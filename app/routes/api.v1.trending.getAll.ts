import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { trendingEndpoints } from "#app/modules/api/lists.server.ts";

// /api/v1/trending/getAll: contract and handler in the module imported above.
export const loader = apiLoader(trendingEndpoints.getAll);
export const action = apiAction(trendingEndpoints.getAll);
