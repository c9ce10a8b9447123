import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";

// /api/v1/products/toggleAvailability/{id}: contract and handler in the module imported above.
export const loader = apiLoader(productEndpoints.toggle);
export const action = apiAction(productEndpoints.toggle);
