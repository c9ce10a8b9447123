import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { galleryEndpoints } from "#app/modules/api/media.server.ts";

// /api/v1/gallery/getById/{id}: contract and handler in the module imported above.
export const loader = apiLoader(galleryEndpoints.getById);
export const action = apiAction(galleryEndpoints.getById);
