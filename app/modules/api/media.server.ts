import { z } from "zod";
import {
  createMediaEntry,
  deleteMediaEntry,
  getCurrentDisplayImage,
  getGalleryImage,
  getVideo,
  listDisplayImages,
  listGalleryImages,
  listVideos,
  DISPLAY_REFUSALS,
  setCurrentDisplayImage,
  type Entry,
} from "#app/modules/media/library.server.ts";
import { UPLOAD_RULES, type FileFieldRule } from "#app/modules/media/limits.ts";
import { parseUpload } from "#app/modules/media/upload.server.ts";
import { defineEndpoint } from "./endpoint.server.ts";
import { ApiError, ok } from "./envelope.server.ts";
import { pathId } from "./http.server.ts";
import { apiDisplayImageSchema, apiGalleryImageSchema, apiVideoSchema } from "./schemas.ts";
import { toApiDisplayImage, toApiGalleryImage, toApiVideo } from "./serialize.server.ts";

// Gallery images, videos and home display images: one file per upload call, through
// the same streaming limits, byte checks and queue as the admin pages.

export const MEDIA_API_MESSAGES = {
  galleryAdded: "Image added to gallery successfully",
  galleryDeleted: "Image deleted from gallery successfully",
  imageNotFound: "Image not found",
  videoAdded: "Video uploaded successfully; it appears once processed",
  videoDeleted: "Video deleted successfully",
  videoNotFound: "Video not found",
  displayAdded: "Display image added successfully",
  displayDeleted: "Display image deleted successfully",
  displaySet: "Display image updated successfully",
  noDisplayImage: "No display image selected",
  chooseImage: "Please choose an image file",
  chooseVideo: "Please choose a video file",
  oneFile: "Send one file per request",
} as const;

const idParams = (what: string) => z.object({ id: z.string().meta({ description: `${what} _id` }) });
const fileForm = (field: string, what: string) =>
  z.object({ [field]: z.string().meta({ format: "binary", description: what }) }).meta({ id: `Upload_${field}` });

const IMAGE_RULE = UPLOAD_RULES.oneMediaImage(MEDIA_API_MESSAGES.oneFile);
const VIDEO_RULE = UPLOAD_RULES.video(MEDIA_API_MESSAGES.oneFile);

/** Stores the one file of `field` and writes its record (processing); returns the entry id. */
async function addOne(request: Request, entry: Entry, field: string, rule: FileFieldRule, missing: string): Promise<number> {
  const upload = await parseUpload(request, { [field]: rule });
  const file = upload.files[0];
  if (!file) throw new ApiError(400, missing, { [field]: missing });
  try {
    return (await createMediaEntry(entry, file)).id;
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

async function deleteOne(entry: Entry, id: number, notFound: string): Promise<void> {
  if (!(await deleteMediaEntry(entry, id))) throw new ApiError(404, notFound);
}

// --- Gallery ---------------------------------------------------------------------

const galleryAdd = defineEndpoint({
  method: "POST",
  path: "/gallery/add",
  tag: "Gallery",
  summary: "Upload one gallery image (multipart field `image`)",
  access: "admin",
  failure: "Failed to add image to gallery",
  body: { multipart: fileForm("image", "An image (JPEG, PNG, WebP, AVIF or GIF; 20 MB)") },
  success: { status: 201, description: "The new gallery image (status processing)", data: apiGalleryImageSchema },
  errors: [400, 413, 415],
  async handle({ request }) {
    const id = await addOne(request, "gallery_images", "image", IMAGE_RULE, MEDIA_API_MESSAGES.chooseImage);
    const item = await getGalleryImage(id);
    return ok(item && toApiGalleryImage(item, true), { status: 201, message: MEDIA_API_MESSAGES.galleryAdded });
  },
});

const galleryGetAll = defineEndpoint({
  method: "GET",
  path: "/gallery/getAll",
  tag: "Gallery",
  summary: "Gallery images, newest first",
  description: "Guests see ready images only; the admin sees every state.",
  access: "public",
  failure: "Failed to fetch gallery images",
  success: { status: 200, description: "Images", data: z.array(apiGalleryImageSchema) },
  errors: [],
  async handle({ admin }) {
    const items = await listGalleryImages({ publicOnly: !admin });
    return ok(items.map((i) => toApiGalleryImage(i, admin !== null)));
  },
});

const galleryGetById = defineEndpoint({
  method: "GET",
  path: "/gallery/getById/{id}",
  tag: "Gallery",
  summary: "One gallery image (guests: only when ready)",
  access: "public",
  failure: "Failed to fetch image by ID",
  params: idParams("Gallery image"),
  success: { status: 200, description: "The image", data: apiGalleryImageSchema },
  errors: [400, 404],
  async handle({ params, admin }) {
    const item = await getGalleryImage(pathId(params), { publicOnly: !admin });
    if (!item) throw new ApiError(404, MEDIA_API_MESSAGES.imageNotFound);
    return ok(toApiGalleryImage(item, admin !== null));
  },
});

const galleryDelete = defineEndpoint({
  method: "DELETE",
  path: "/gallery/delete/{id}",
  tag: "Gallery",
  summary: "Delete a gallery image and its files",
  access: "admin",
  failure: "Failed to delete image from gallery",
  params: idParams("Gallery image"),
  success: { status: 200, description: "The deleted image's id", data: z.object({ _id: z.string() }) },
  errors: [400, 404],
  async handle({ params }) {
    const id = pathId(params);
    await deleteOne("gallery_images", id, MEDIA_API_MESSAGES.imageNotFound);
    return ok({ _id: String(id) }, { message: MEDIA_API_MESSAGES.galleryDeleted });
  },
});

// --- Videos ----------------------------------------------------------------------

const videoAdd = defineEndpoint({
  method: "POST",
  path: "/video/add",
  tag: "Videos",
  summary: "Upload one video (multipart field `video`)",
  description: "The worker makes a poster, a preview and a web copy; the video is public once ready.",
  access: "admin",
  failure: "Failed to add video",
  body: { multipart: fileForm("video", "A video (MP4, MOV, WebM, MKV, AVI or 3GP; 200 MB)") },
  success: { status: 201, description: "The new video (status processing)", data: apiVideoSchema },
  errors: [400, 413, 415],
  async handle({ request }) {
    const id = await addOne(request, "videos", "video", VIDEO_RULE, MEDIA_API_MESSAGES.chooseVideo);
    const item = await getVideo(id);
    return ok(item && toApiVideo(item, true), { status: 201, message: MEDIA_API_MESSAGES.videoAdded });
  },
});

const videoGetAll = defineEndpoint({
  method: "GET",
  path: "/video/getAll",
  tag: "Videos",
  summary: "Videos, newest first",
  description: "Guests see ready videos only; the admin sees every state.",
  access: "public",
  failure: "Failed to fetch videos",
  success: { status: 200, description: "Videos", data: z.array(apiVideoSchema) },
  errors: [],
  async handle({ admin }) {
    const items = await listVideos({ publicOnly: !admin });
    return ok(items.map((i) => toApiVideo(i, admin !== null)));
  },
});

const videoGetById = defineEndpoint({
  method: "GET",
  path: "/video/getById/{id}",
  tag: "Videos",
  summary: "One video (guests: only when ready)",
  access: "public",
  failure: "Failed to fetch video",
  params: idParams("Video"),
  success: { status: 200, description: "The video", data: apiVideoSchema },
  errors: [400, 404],
  async handle({ params, admin }) {
    const item = await getVideo(pathId(params), { publicOnly: !admin });
    if (!item) throw new ApiError(404, MEDIA_API_MESSAGES.videoNotFound);
    return ok(toApiVideo(item, admin !== null));
  },
});

const videoDelete = defineEndpoint({
  method: "DELETE",
  path: "/video/delete/{id}",
  tag: "Videos",
  summary: "Delete a video and its files",
  access: "admin",
  failure: "Failed to delete video",
  params: idParams("Video"),
  success: { status: 200, description: "The deleted video's id", data: z.object({ _id: z.string() }) },
  errors: [400, 404],
  async handle({ params }) {
    const id = pathId(params);
    await deleteOne("videos", id, MEDIA_API_MESSAGES.videoNotFound);
    return ok({ _id: String(id) }, { message: MEDIA_API_MESSAGES.videoDeleted });
  },
});

// --- Home display images ------------------------------------------------------------

const fixAdd = defineEndpoint({
  method: "POST",
  path: "/fiximage/add",
  tag: "Home display images",
  summary: "Upload one home display image (multipart field `image`)",
  description: "It does not become the current image: choose it with setDisplay.",
  access: "admin",
  failure: "Failed to add image to gallery",
  body: { multipart: fileForm("image", "An image (JPEG, PNG, WebP, AVIF or GIF; 20 MB)") },
  success: { status: 201, description: "The new display image (status processing)", data: apiDisplayImageSchema },
  errors: [400, 413, 415],
  async handle({ request }) {
    const id = await addOne(request, "display_images", "image", IMAGE_RULE, MEDIA_API_MESSAGES.chooseImage);
    const item = (await listDisplayImages()).find((i) => i.id === id);
    return ok(item ? toApiDisplayImage(item, true) : null, { status: 201, message: MEDIA_API_MESSAGES.displayAdded });
  },
});

const fixDelete = defineEndpoint({
  method: "DELETE",
  path: "/fiximage/delete/{id}",
  tag: "Home display images",
  summary: "Delete a display image and its files",
  access: "admin",
  failure: "Failed to delete image from gallery",
  params: idParams("Display image"),
  success: { status: 200, description: "The deleted image's id", data: z.object({ _id: z.string() }) },
  errors: [400, 404],
  async handle({ params }) {
    const id = pathId(params);
    await deleteOne("display_images", id, MEDIA_API_MESSAGES.imageNotFound);
    return ok({ _id: String(id) }, { message: MEDIA_API_MESSAGES.displayDeleted });
  },
});

const fixGetAll = defineEndpoint({
  method: "GET",
  path: "/fiximage/getAll",
  tag: "Home display images",
  summary: "Display images, newest first, with which one is current",
  description: "Guests see ready images only; the admin sees every state.",
  access: "public",
  failure: "Failed to fetch images from gallery",
  success: { status: 200, description: "Images", data: z.array(apiDisplayImageSchema) },
  errors: [],
  async handle({ admin }) {
    const items = await listDisplayImages({ publicOnly: !admin });
    return ok(items.map((i) => toApiDisplayImage(i, admin !== null)));
  },
});

const fixGetCurrent = defineEndpoint({
  method: "GET",
  path: "/fiximage/getCurrent",
  tag: "Home display images",
  summary: "The current home display image",
  description: "404 'No display image selected' when none is current or the current one is not ready yet.",
  access: "public",
  failure: "Failed to fetch current image",
  success: { status: 200, description: "The current image", data: apiDisplayImageSchema },
  errors: [404],
  async handle({ admin }) {
    const item = await getCurrentDisplayImage();
    if (!item) throw new ApiError(404, MEDIA_API_MESSAGES.noDisplayImage);
    return ok(toApiDisplayImage(item, admin !== null));
  },
});

const fixSetDisplay = defineEndpoint({
  method: "PUT",
  path: "/fiximage/setDisplay/{id}",
  tag: "Home display images",
  summary: "Make a display image the current one; empty body",
  access: "admin",
  failure: "Failed to set display image",
  params: idParams("Display image"),
  success: { status: 200, description: "The chosen image's id", data: z.object({ _id: z.string() }) },
  errors: [400, 404, 409],
  async handle({ params }) {
    const id = pathId(params);
    const result = await setCurrentDisplayImage(id);
    if (result === "missing") throw new ApiError(404, MEDIA_API_MESSAGES.imageNotFound);
    if (result !== "set") throw new ApiError(409, DISPLAY_REFUSALS[result]);
    return ok({ _id: String(id) }, { message: MEDIA_API_MESSAGES.displaySet });
  },
});

export const galleryEndpoints = { add: galleryAdd, getAll: galleryGetAll, getById: galleryGetById, delete: galleryDelete };
export const videoEndpoints = { add: videoAdd, getAll: videoGetAll, getById: videoGetById, delete: videoDelete };
export const fixImageEndpoints = {
  add: fixAdd,
  delete: fixDelete,
  getAll: fixGetAll,
  getCurrent: fixGetCurrent,
  setDisplay: fixSetDisplay,
};
