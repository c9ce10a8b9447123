import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { videoEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/video/delete/{id}: contract and handler in the module imported above.
export const loader = apiLoader(videoEndpoints.delete);
export const action = apiAction(videoEndpoints.delete);
