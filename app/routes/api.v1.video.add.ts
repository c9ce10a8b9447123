import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { videoEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/video/add: contract and handler in the module imported above.
export const loader = apiLoader(videoEndpoints.add);
export const action = apiAction(videoEndpoints.add);
