import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/fiximage/delete/{id}: contract and handler in the module imported above.
export const loader = apiLoader(fixImageEndpoints.delete);
export const action = apiAction(fixImageEndpoints.delete);
