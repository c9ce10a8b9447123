import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/fiximage/getAll: contract and handler in the module imported above.
export const loader = apiLoader(fixImageEndpoints.getAll);
export const action = apiAction(fixImageEndpoints.getAll);
