import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { availableCollectionEndpoints } from "#app/modules/api/lists.server.ts";

// /api/v1/availablecollections/getCount: contract and handler in the module imported above.
export const loader = apiLoader(availableCollectionEndpoints.getCount);
export const action = apiAction(availableCollectionEndpoints.getCount);
