import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/fiximage/getCurrent: contract and handler in the module imported above.
export const loader = apiLoader(fixImageEndpoints.getCurrent);
export const action = apiAction(fixImageEndpoints.getCurrent);
