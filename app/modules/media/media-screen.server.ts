import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { refused } from "#app/lib/http-error.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { createMediaEntry, deleteMediaEntry, DISPLAY_REFUSALS, retryMedia, setCurrentDisplayImage, setEntryTitle } from "./library.server.ts";
import { UPLOAD_LIMITS, UPLOAD_RULES } from "./limits.ts";
import { MEDIA_SCREENS, type MediaEntry } from "./media-screens.ts";
import { parseUpload } from "./upload.server.ts";

const id = z.coerce.number().int().positive();
export const mediaIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm-delete"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("retry"), mediaId: id }),
  z.object({ intent: z.literal("set-current"), id }),
  z.object({
    intent: z.literal("set-title"),
    id,
    title: z
      .string()
      .trim()
      .max(UPLOAD_LIMITS.mediaTitleChars, `Please keep the title under ${UPLOAD_LIMITS.mediaTitleChars} characters.`),
  }),
]);

/** The loader of a media screen: the admin's list of its entries. */
export async function mediaScreenLoader<T>(request: Request, list: () => Promise<T>): Promise<T> {
  await requireAdmin(request);
  return list();
}

/**
 * The action of the gallery, display image and video screens. A multipart post is an
 * upload (each file becomes a processing record, then the worker makes the sizes);
 * a plain post is delete, retry, set-title or (display images) set-current. Success redirects
 * with `?status=` so the message survives the redirect with and without JS.
 */
export async function mediaScreenAction(request: Request, entry: MediaEntry) {
  await requireAdmin(request);
  const screen = MEDIA_SCREENS[entry];
  const path = new URL(request.url).pathname;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const video = screen.field === "video";
    let upload;
    try {
      upload = await parseUpload(request, { [screen.field]: video ? UPLOAD_RULES.video() : UPLOAD_RULES.mediaImages });
    } catch (error) {
      return refused(error, (message) => ({ error: `${screen.failures.add}: ${message}` }));
    }
    if (upload.files.length === 0) {
      return data({ error: `${screen.failures.add}: please choose a file.` }, { status: 400 });
    }
    try {
      for (const file of upload.files) await createMediaEntry(entry, file);
    } catch (error) {
      await upload.discard();
      throw error;
    }
    return redirect(`${path}?status=added`);
  }
  const parsed = mediaIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const tooLong = parsed.error.issues.find((issue) => issue.path[0] === "title");
    return data({ error: tooLong ? `Failed to save the title: ${tooLong.message}` : "Unknown action" }, { status: 400 });
  }
  const intent = parsed.data;
  switch (intent.intent) {
    case "confirm-delete":
      return data({ error: null, confirm: { intent: "delete", fields: { id: intent.id } } });
    case "delete":
      if (!(await deleteMediaEntry(entry, intent.id))) {
        return data({ error: `${screen.failures.delete}: it no longer exists.` }, { status: 404 });
      }
      return redirect(`${path}?status=deleted`);
    case "retry":
      if (!(await retryMedia(intent.mediaId))) {
        return data({ error: "This file is not waiting for a retry." }, { status: 409 });
      }
      return redirect(`${path}?status=retried`);
    case "set-title": {
      if (entry === "display_images") return data({ error: "Unknown action" }, { status: 400 });
      if (!(await setEntryTitle(entry, intent.id, intent.title || null))) {
        return data({ error: "Failed to save the title: it no longer exists." }, { status: 404 });
      }
      return redirect(`${path}?status=titled`);
    }
    case "set-current": {
      const result = entry === "display_images" ? await setCurrentDisplayImage(intent.id) : "missing";
      if (result !== "set") {
        const why = result === "missing" ? "" : `: ${DISPLAY_REFUSALS[result]}`;
        return data({ error: `${screen.failures.setCurrent ?? "Unknown action"}${why}` }, { status: result === "missing" ? 404 : 409 });
      }
      return redirect(`${path}?status=current`);
    }
  }
}
