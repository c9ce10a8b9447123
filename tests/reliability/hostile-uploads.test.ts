// Hostile uploads against the real upload parser, API handlers and admin action (MySQL,
// disk): each is refused with a clear 4xx message, or accepted with its name made
// harmless; nothing is left in the originals area by a refusal.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { galleryEndpoints } from "#app/modules/api/media.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { MB, PRODUCT_IMAGE_MESSAGES, UPLOAD_LIMITS, UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { PENDING_FIELDS } from "#app/modules/media/messages.ts";
import { discardUploads, MESSAGES, parseUpload, UploadError } from "#app/modules/media/upload.server.ts";
import { deleteMediaEntry } from "#app/modules/media/library.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { action as uploadAction } from "#app/routes/dashboard.upload.tsx";
import { adminCookie, args, hostileSvgs, jpegWithCorruptHeader, lazyBody, multipart, originalsOnDisk, streamed } from "./support-input.ts";

let cookie: string;
let photo: Buffer;
beforeAll(async () => {
  await getStorage().ensureDirs();
  cookie = await adminCookie();
  photo = await makeJpeg(64, 48);
});

afterEach(async () => {
  // Refusals and the discards after them leave nothing behind; accepted uploads are removed by the test.
  expect(await originalsOnDisk()).toEqual([]);
});

const file = (data: Buffer | string, name: string, type = "image/jpeg") =>
  new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });

function productForm(fields: Record<string, string>, images: File[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const image of images) form.append("images", image);
  return form;
}

const valid = (name: string) => ({
  name,
  priceFixed: "2500",
  priceDiscount: "2100",
  category: CATEGORY_SLUGS[0],
  weight: "850",
  size: "H-6 * W-4 * L-3 inch",
});

async function call(endpoint: Parameters<typeof apiAction>[0], request: Request, params: Record<string, string> = {}) {
  const response = await apiAction(endpoint)(args(request, params));
  const body = (await response.json()) as { success: boolean; message: string; errors?: Record<string, string>; data?: { _id: string } };
  return { status: response.status, ...body };
}

const create = (form: FormData) => call(productEndpoints.create, multipart("/api/v1/products/create", form, { cookie }));
const galleryAdd = (form: FormData) => call(galleryEndpoints.add, multipart("/api/v1/gallery/add", form, { cookie }));
const gallery = (f: File) => {
  const form = new FormData();
  form.append("image", f);
  return galleryAdd(form);
};

const mediaOf = (entryId: string) =>
  getDb()
    .selectFrom("gallery_images")
    .innerJoin("media", "media.id", "gallery_images.media_id")
    .selectAll("media")
    .where("gallery_images.id", "=", Number(entryId))
    .executeTakeFirstOrThrow();

async function removeEntry(entryId: string) {
  expect(await deleteMediaEntry("gallery_images", Number(entryId))).toBe(true);
}

describe("files that are not what they say", () => {
  it("HTML and PHP text named .jpg: 415, not an image", async () => {
    for (const text of ["<!doctype html><script>alert(1)</script>", "<?php system($_GET['c']); ?>"]) {
      const answer = await gallery(file(text, "shell.jpg"));
      expect([answer.status, answer.success, answer.message]).toEqual([415, false, MESSAGES.notImage]);
    }
  });

  it("SVGs with script, external entities and file:// references: 415 at the door", async () => {
    for (const [name, svg] of hostileSvgs("http://127.0.0.1:9")) {
      const answer = await gallery(file(svg, name, "image/svg+xml"));
      expect([name, answer.status, answer.message]).toEqual([name, 415, MESSAGES.notImage]);
    }
  });

  it("a zero-byte file: 400, the file is empty", async () => {
    const answer = await gallery(file(Buffer.alloc(0), "empty.jpg"));
    expect([answer.status, answer.message]).toEqual([400, `empty.jpg: ${MESSAGES.emptyFile}`]);
  });

  it("a JPEG with a corrupt header or cut short passes the byte sniff but not the decode: 400 naming the file", async () => {
    const corrupt = await gallery(file(await jpegWithCorruptHeader(), "corrupt.jpg"));
    expect([corrupt.status, corrupt.message]).toEqual([400, `corrupt.jpg: ${MESSAGES.damagedImage}`]);
    const camera = await makeJpeg(1600, 1200, 7);
    const cut = await gallery(file(camera.subarray(0, Math.floor(camera.length * 0.7)), "IMG_0930.jpg"));
    expect([cut.status, cut.message]).toEqual([400, `IMG_0930.jpg: ${MESSAGES.damagedImage}`]);
  });
});

describe("a damaged photo beside good ones, on the product forms", () => {
  it("keepReadable: every damaged photo is named, and the ones that decode stay saved for the caller", async () => {
    const good = await makeJpeg(1200, 900, 4);
    const form = new FormData();
    form.append("name", "Typed Owl");
    form.append("images", file(good, "IMG_1.jpg"));
    form.append("images", file(await jpegWithCorruptHeader(), "IMG_2.jpg"));
    form.append("images", file(good, "IMG_3.jpg"));
    form.append("images", file(good.subarray(0, good.length - 4000), "IMG_4.jpg"));
    const rules = { images: UPLOAD_RULES.newProductImages };
    const error = (await parseUpload(multipart("/x", form), rules, { keepReadable: true }).catch((e: unknown) => e)) as UploadError;
    expect([error.status, error.field, error.message]).toEqual([400, "images", `IMG_2.jpg: ${MESSAGES.damagedImage} IMG_4.jpg: ${MESSAGES.damagedImage}`]);
    expect(error.readable.map((f) => f.originalName)).toEqual(["IMG_1.jpg", "IMG_3.jpg"]);
    expect(error.fields.get("name")).toBe("Typed Owl");
    expect((await originalsOnDisk()).length).toBe(2);
    await discardUploads(error.readable);
    // Without it, the same request keeps nothing (the afterEach checks the disk).
    const refused = (await parseUpload(multipart("/x", form), rules).catch((e: unknown) => e)) as UploadError;
    expect([refused.status, refused.message, refused.readable]).toEqual([400, `IMG_2.jpg: ${MESSAGES.damagedImage}`, []]);
  });

  it("Add (no JS): a cut photo is refused by name, the two good ones come back kept, and the corrected save makes the piece with them", async () => {
    const good = await makeJpeg(1600, 1200, 5);
    const formToken = "DamagedBesideGood_0001";
    const fields = { formToken, category: CATEGORY_SLUGS[0], name: "Kept Beside Damaged", price: "2100", height: "6", width: "4", length: "3", weight: "850" };
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("images", file(good, "IMG_0931.jpg"));
    form.append("images", file(good.subarray(0, Math.floor(good.length * 0.6)), "IMG_0932.jpg"));
    form.append("images", file(good, "IMG_0933.jpg"));
    const first = (await uploadAction(args(multipart("/dashboard/upload", form, { cookie })))) as unknown as {
      data: { error: string; pending: { ref: string; photos: Array<{ name: string }> } | null; result: { initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(first.init.status).toBe(400);
    expect(first.data.error).toBe(`Error: IMG_0932.jpg: ${MESSAGES.damagedImage}`);
    expect(first.data.pending?.photos.map((p) => p.name)).toEqual(["IMG_0931.jpg", "IMG_0933.jpg"]);
    expect(first.data.result.initialValue).toMatchObject({ name: "Kept Beside Damaged", weight: "850" });

    const again = new FormData();
    for (const [k, v] of Object.entries(fields)) again.append(k, v);
    again.append(PENDING_FIELDS.ref, first.data.pending!.ref);
    const second = (await uploadAction(args(multipart("/dashboard/upload", again, { cookie })))) as Response;
    expect(second.status).toBe(302);
    const id = Number(new URL(second.headers.get("location")!, "http://x").searchParams.get("product"));
    const names = await getDb()
      .selectFrom("product_images")
      .innerJoin("media", "media.id", "product_images.media_id")
      .select("media.original_name")
      .where("product_images.product_id", "=", id)
      .orderBy("product_images.position")
      .execute();
    expect(names.map((n) => n.original_name)).toEqual(["IMG_0931.jpg", "IMG_0933.jpg"]);
    const deleted = await call(productEndpoints.remove, new Request(`http://localhost:3000/api/v1/products/delete/${id}`, { method: "DELETE", headers: { Cookie: cookie } }), { id: String(id) });
    expect(deleted.status).toBe(200);
  });
});

describe("file names", () => {
  it("`.jpg.php`, `../`, NUL, RTL override and 300-byte names are stored harmless; the file lands under a random key", async () => {
    const names: Array<[string, string]> = [
      ["photo.jpg.php", "photo.jpg.php"],
      ["../../../etc/passwd.jpg", "passwd.jpg"],
      ["..\\..\\windows\\win.ini.jpg", "win.ini.jpg"],
      ["evil\u0000.php.jpg", "evil.php.jpg"],
      ["invoice\u202Egpj.php", "invoicegpj.php"],
      [`${"ক".repeat(100)}.jpg`, "ক".repeat(100) + ".jpg".slice(0, 20)],
    ];
    for (const [sent, stored] of names) {
      const answer = await gallery(file(photo, sent));
      expect([sent, answer.status]).toEqual([sent, 201]);
      const row = await mediaOf(answer.data!._id);
      expect(row.original_name).toBe(stored);
      expect(Array.from(row.original_name).length).toBeLessThanOrEqual(120);
      expect(row.original_path).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}$/);
      await removeEntry(answer.data!._id);
    }
    // 300 bytes of UTF-8 (100 three-byte characters plus ".jpg") are cut to 120 characters at most.
    expect(Buffer.byteLength(names[5]![0])).toBeGreaterThan(300);
  });
});

describe("image counts and sizes", () => {
  it("create with 6 images: 400 'maximum 5'; with none: 400 'at least one'; no product is made", async () => {
    const six = Array.from({ length: 6 }, (_, i) => file(photo, `p${i}.jpg`));
    const tooMany = await create(productForm(valid("Six Images"), six));
    expect([tooMany.status, tooMany.message]).toEqual([400, PRODUCT_IMAGE_MESSAGES.tooMany]);
    const none = await create(productForm(valid("No Images"), []));
    expect([none.status, none.errors]).toEqual([400, { images: PRODUCT_IMAGE_MESSAGES.none }]);
    expect(await getDb().selectFrom("products").select("id").execute()).toEqual([]);
  });

  it("a 6 MB image in edit: 413 with the 5 MB rule's message; the product keeps its images", async () => {
    const created = await create(productForm(valid("Edit Limits"), [file(photo, "one.jpg")]));
    expect(created.status).toBe(201);
    const id = created.data!._id;
    const before = await getDb().selectFrom("product_images").selectAll().where("product_id", "=", Number(id)).execute();
    const form = new FormData();
    form.append("name", "Edit Limits Changed");
    form.append("images", file(Buffer.concat([photo, Buffer.alloc(6 * MB - photo.length)]), "big.jpg"));
    const answer = await call(productEndpoints.update, multipart(`/api/v1/products/update/${id}`, form, { method: "PUT", cookie }), { id });
    expect([answer.status, answer.message]).toEqual([413, PRODUCT_IMAGE_MESSAGES.tooLarge]);
    expect(await getDb().selectFrom("product_images").selectAll().where("product_id", "=", Number(id)).execute()).toEqual(before);
    const deleted = await call(productEndpoints.remove, new Request(`http://localhost:3000/api/v1/products/delete/${id}`, { method: "DELETE", headers: { Cookie: cookie } }), { id });
    expect(deleted.status).toBe(200);
  });

  it("an edit replacing the photos with one cut short: 400 naming it; the piece keeps its photos and its name", async () => {
    const created = await create(productForm(valid("Replace Kept"), [file(photo, "one.jpg"), file(photo, "two.jpg")]));
    expect(created.status).toBe(201);
    const id = created.data!._id;
    const imagesOf = () => getDb().selectFrom("product_images").selectAll().where("product_id", "=", Number(id)).execute();
    const before = await imagesOf();
    const form = new FormData();
    form.append("name", "Replace Lost");
    const good = await makeJpeg(1200, 900, 3);
    form.append("images", file(good, "good.jpg"));
    form.append("images", file(good.subarray(0, good.length - 4000), "cut.jpg"));
    const answer = await call(productEndpoints.update, multipart(`/api/v1/products/update/${id}`, form, { method: "PUT", cookie }), { id });
    expect([answer.status, answer.message]).toEqual([400, `cut.jpg: ${MESSAGES.damagedImage}`]);
    expect(await imagesOf()).toEqual(before);
    expect((await getDb().selectFrom("products").select("name").where("id", "=", Number(id)).executeTakeFirstOrThrow()).name).toBe("Replace Kept");
    const deleted = await call(productEndpoints.remove, new Request(`http://localhost:3000/api/v1/products/delete/${id}`, { method: "DELETE", headers: { Cookie: cookie } }), { id });
    expect(deleted.status).toBe(200);
  });
});

describe("bodies over the limit", () => {
  const rules = { images: { kind: "image" as const, maxFiles: 2, maxBytes: 1 * MB } };
  const limit = 2 * 1 * MB + 2 * MB;
  const head = (boundary: string, field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nKept Name\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

  it("a declared Content-Length over the limit is refused before a byte is read", async () => {
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(limit + 1) },
      body: "--b--",
    });
    await expect(parseUpload(request, rules)).rejects.toMatchObject({ status: 413, message: "The upload is too large." });
  });

  it("a chunked body (no Content-Length) is cut off at the limit, even in parts nobody stores", async () => {
    // A file under a field no rule names is drained, not saved: only the body cap stops it.
    const body = lazyBody(head("b", "junk"), 64 * 1024, Math.ceil(limit / (64 * 1024)) + 8, { tail: "\r\n--b--\r\n" });
    const error = await parseUpload(streamed("/x", body, "multipart/form-data; boundary=b"), rules).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 413, message: "The upload is too large." });
    expect((error as UploadError).fields.get("name")).toBe("Kept Name");
  });

  it("a body cut off mid-file (the server timing out a slow sender) is refused, its partial file removed", async () => {
    const cut = new Error("aborted");
    const body = lazyBody(head("b", "images"), 16 * 1024, 20, { cutWith: cut });
    const error = await parseUpload(streamed("/x", body, "multipart/form-data; boundary=b"), rules).catch((e: unknown) => e);
    expect(error).toBe(cut);
  });

  it("a file over its own limit: 413 naming the rule; the typed fields before it are returned for the form", async () => {
    const body = lazyBody(head("b", "images"), 64 * 1024, 20, { tail: "\r\n--b--\r\n" });
    const error = await parseUpload(streamed("/x", body, "multipart/form-data; boundary=b"), rules).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, field: "images" });
    expect((error as UploadError).fields.get("name")).toBe("Kept Name");
  });

  it("the admin add form (no JS) gets its typed values back after a refusal, without buffering the body twice", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: CATEGORY_SLUGS[0], name: "Typed Owl", price: "2100", height: "6", width: "4", length: "3", weight: "850" })) form.append(k, v);
    for (let i = 0; i < 6; i++) form.append("images", file(photo, `p${i}.jpg`));
    const response = (await uploadAction(args(multipart("/dashboard/upload", form, { cookie })))) as unknown;
    const { data, init } = response as { data: { error: string; result: { initialValue: Record<string, string> } }; init: { status: number } };
    expect(init.status).toBe(400);
    expect(data.error).toBe(`Error: ${PRODUCT_IMAGE_MESSAGES.tooMany}`);
    expect(data.result.initialValue).toMatchObject({ name: "Typed Owl", price: "2100", weight: "850" });
  });
});

describe("limits stay what the rules say", () => {
  it("5 MB per product image on create and edit alike (docs/product-rules.md, Numbers), 5 images per product", () => {
    expect([UPLOAD_LIMITS.productImageBytes, UPLOAD_LIMITS.imagesPerProduct]).toEqual([5 * MB, 5]);
  });
});
