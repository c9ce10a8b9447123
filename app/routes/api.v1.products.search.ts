import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { searchEndpoints } from "#app/modules/api/search.server.ts";

// /api/v1/products/search?q=: contract and handler in the module imported above.
export const loader = apiLoader(searchEndpoints.search);
export const action = apiAction(searchEndpoints.search);
