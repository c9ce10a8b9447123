import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";

// /api/v1/products/getProductById/{id}: contract and handler in the module imported above.
export const loader = apiLoader(productEndpoints.getProductById);
export const action = apiAction(productEndpoints.getProductById);
