import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { availableCollectionEndpoints } from "#app/modules/api/lists.server.ts";

// /api/v1/availablecollections/add: contract and handler in the module imported above.
export const loader = apiLoader(availableCollectionEndpoints.add);
export const action = apiAction(availableCollectionEndpoints.add);
