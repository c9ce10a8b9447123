import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { videoEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/video/getById/{id}: contract and handler in the module imported above.
export const loader = apiLoader(videoEndpoints.getById);
export const action = apiAction(videoEndpoints.getById);
