import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/fiximage/add: contract and handler in the module imported above.
export const loader = apiLoader(fixImageEndpoints.add);
export const action = apiAction(fixImageEndpoints.add);
