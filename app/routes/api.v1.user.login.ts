import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { userEndpoints } from "#app/modules/api/user.server.ts";

// /api/v1/user/login: contract and handler in the module imported above.
export const loader = apiLoader(userEndpoints.login);
export const action = apiAction(userEndpoints.login);
