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
  type DisplayImageItem,
  type Entry,
  type ImageEntryItem,
  type VideoEntryItem,
} from "#app/modules/media/library.server.ts";
import { LIMIT_WORDS, UPLOAD_RULES, type FileFieldRule } from "#app/modules/media/limits.ts";
import { parseUpload } from "#app/modules/media/upload.server.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.server.ts";
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

type Words = { summary: string; failure: string; data: string };

/** One kind of library media: its words, its reads and its API shape. */
interface Library<Item> {
  entry: Entry;
  /** Under /api/v1: /gallery, /video, /fiximage. */
  base: string;
  tag: Endpoint["tag"];
  /** The upload's multipart field, its limits and its line in the document. */
  file: { field: "image" | "video"; rule: FileFieldRule; doc: string; missing: string };
  /** How the document names one in `{id}`, and the 404's message. */
  idOf: string;
  notFound: string;
  schema: z.ZodType;
  /** The API shape of an item; the admin sees every state. */
  toApi: (item: Item, admin: boolean) => unknown;
  list: (options: { publicOnly?: boolean }) => Promise<Item[]>;
  /** One item by its entry id (publicOnly: guests see ready ones only). */
  get: (id: number, options?: { publicOnly?: boolean }) => Promise<Item | null>;
  add: Words & { description?: string; message: string };
  getAll: Words & { description: string };
  delete: Words & { message: string };
}

/** Add, list, one by id and delete: the same calls for gallery images, videos and display images. */
function libraryCalls<Item>(kind: Library<Item>) {
  const add = defineEndpoint({
    method: "POST",
    path: `${kind.base}/add`,
    tag: kind.tag,
    summary: kind.add.summary,
    ...(kind.add.description ? { description: kind.add.description } : {}),
    access: "admin",
    failure: kind.add.failure,
    body: { multipart: fileForm(kind.file.field, kind.file.doc) },
    success: { status: 201, description: kind.add.data, data: kind.schema },
    errors: [400, 413, 415],
    async handle({ request }) {
      const id = await addOne(request, kind.entry, kind.file.field, kind.file.rule, kind.file.missing);
      const item = await kind.get(id);
      return ok(item ? kind.toApi(item, true) : null, { status: 201, message: kind.add.message });
    },
  });
  const getAll = defineEndpoint({
    method: "GET",
    path: `${kind.base}/getAll`,
    tag: kind.tag,
    summary: kind.getAll.summary,
    description: kind.getAll.description,
    access: "public",
    failure: kind.getAll.failure,
    success: { status: 200, description: kind.getAll.data, data: z.array(kind.schema) },
    errors: [],
    async handle({ admin }) {
      const items = await kind.list({ publicOnly: !admin });
      return ok(items.map((i) => kind.toApi(i, admin !== null)));
    },
  });
  const remove = defineEndpoint({
    method: "DELETE",
    path: `${kind.base}/delete/{id}`,
    tag: kind.tag,
    summary: kind.delete.summary,
    access: "admin",
    failure: kind.delete.failure,
    params: idParams(kind.idOf),
    success: { status: 200, description: kind.delete.data, data: z.object({ _id: z.string() }) },
    errors: [400, 404],
    async handle({ params }) {
      const id = pathId(params);
      if (!(await deleteMediaEntry(kind.entry, id))) throw new ApiError(404, kind.notFound);
      return ok({ _id: String(id) }, { message: kind.delete.message });
    },
  });
  return { add, getAll, delete: remove };
}

/** The gallery's and the videos' calls: the three above, and one item by its id (guests: only when ready). */
function libraryCallsWithGetById<Item>(kind: Library<Item>, words: Words) {
  const { add, getAll, delete: remove } = libraryCalls(kind);
  const getById = defineEndpoint({
    method: "GET",
    path: `${kind.base}/getById/{id}`,
    tag: kind.tag,
    summary: words.summary,
    access: "public",
    failure: words.failure,
    params: idParams(kind.idOf),
    success: { status: 200, description: words.data, data: kind.schema },
    errors: [400, 404],
    async handle({ params, admin }) {
      const item = await kind.get(pathId(params), { publicOnly: !admin });
      if (!item) throw new ApiError(404, kind.notFound);
      return ok(kind.toApi(item, admin !== null));
    },
  });
  return { add, getAll, getById, delete: remove };
}

const IMAGE_FILE = {
  field: "image",
  rule: UPLOAD_RULES.oneMediaImage(MEDIA_API_MESSAGES.oneFile),
  doc: `An image (JPEG, PNG, WebP, AVIF or GIF; ${LIMIT_WORDS.mediaImageSize})`,
  missing: MEDIA_API_MESSAGES.chooseImage,
} as const;

const galleryKind: Library<ImageEntryItem> = {
  entry: "gallery_images",
  base: "/gallery",
  tag: "Gallery",
  file: IMAGE_FILE,
  idOf: "Gallery image",
  notFound: MEDIA_API_MESSAGES.imageNotFound,
  schema: apiGalleryImageSchema,
  toApi: toApiGalleryImage,
  list: listGalleryImages,
  get: getGalleryImage,
  add: {
    summary: "Upload one gallery image (multipart field `image`)",
    failure: "Failed to add image to gallery",
    data: "The new gallery image (status processing)",
    message: MEDIA_API_MESSAGES.galleryAdded,
  },
  getAll: {
    summary: "Gallery images, newest first",
    description: "Guests see ready images only; the admin sees every state.",
    failure: "Failed to fetch gallery images",
    data: "Images",
  },
  delete: {
    summary: "Delete a gallery image and its files",
    failure: "Failed to delete image from gallery",
    data: "The deleted image's id",
    message: MEDIA_API_MESSAGES.galleryDeleted,
  },
};

const videoKind: Library<VideoEntryItem> = {
  entry: "videos",
  base: "/video",
  tag: "Videos",
  file: {
    field: "video",
    rule: UPLOAD_RULES.video(MEDIA_API_MESSAGES.oneFile),
    doc: `A video (MP4, MOV, WebM, MKV, AVI or 3GP; ${LIMIT_WORDS.videoSize})`,
    missing: MEDIA_API_MESSAGES.chooseVideo,
  },
  idOf: "Video",
  notFound: MEDIA_API_MESSAGES.videoNotFound,
  schema: apiVideoSchema,
  toApi: toApiVideo,
  list: listVideos,
  get: getVideo,
  add: {
    summary: "Upload one video (multipart field `video`)",
    description: "The worker makes a poster, a preview and a web copy; the video is public once ready.",
    failure: "Failed to add video",
    data: "The new video (status processing)",
    message: MEDIA_API_MESSAGES.videoAdded,
  },
  getAll: {
    summary: "Videos, newest first",
    description: "Guests see ready videos only; the admin sees every state.",
    failure: "Failed to fetch videos",
    data: "Videos",
  },
  delete: {
    summary: "Delete a video and its files",
    failure: "Failed to delete video",
    data: "The deleted video's id",
    message: MEDIA_API_MESSAGES.videoDeleted,
  },
};

const displayImages = libraryCalls<DisplayImageItem>({
  entry: "display_images",
  base: "/fiximage",
  tag: "Home display images",
  file: IMAGE_FILE,
  idOf: "Display image",
  notFound: MEDIA_API_MESSAGES.imageNotFound,
  schema: apiDisplayImageSchema,
  toApi: toApiDisplayImage,
  list: listDisplayImages,
  get: async (id) => (await listDisplayImages()).find((i) => i.id === id) ?? null,
  add: {
    summary: "Upload one home display image (multipart field `image`)",
    description: "It does not become the current image: choose it with setDisplay.",
    failure: "Failed to add image to gallery",
    data: "The new display image (status processing)",
    message: MEDIA_API_MESSAGES.displayAdded,
  },
  getAll: {
    summary: "Display images, newest first, with which one is current",
    description: "Guests see ready images only; the admin sees every state.",
    failure: "Failed to fetch images from gallery",
    data: "Images",
  },
  delete: {
    summary: "Delete a display image and its files",
    failure: "Failed to delete image from gallery",
    data: "The deleted image's id",
    message: MEDIA_API_MESSAGES.displayDeleted,
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

export const galleryEndpoints = libraryCallsWithGetById(galleryKind, {
  summary: "One gallery image (guests: only when ready)",
  failure: "Failed to fetch image by ID",
  data: "The image",
});
export const videoEndpoints = libraryCallsWithGetById(videoKind, {
  summary: "One video (guests: only when ready)",
  failure: "Failed to fetch video",
  data: "The video",
});
export const fixImageEndpoints = {
  add: displayImages.add,
  delete: displayImages.delete,
  getAll: displayImages.getAll,
  getCurrent: fixGetCurrent,
  setDisplay: fixSetDisplay,
};
