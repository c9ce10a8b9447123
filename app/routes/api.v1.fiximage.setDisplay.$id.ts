import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/fiximage/setDisplay/{id}: contract and handler in the module imported above.
export const loader = apiLoader(fixImageEndpoints.setDisplay);
export const action = apiAction(fixImageEndpoints.setDisplay);
