import { expect, test, type APIRequestContext } from "./test.ts";
import {
  adminContext,
  API,
  eventually,
  expectFail,
  expectOk,
  expectProductShape,
  fakeMp4,
  file,
  realMp4,
  jpeg,
  type ApiProduct,
} from "./api-support.ts";

// /api/v1 uploads: through the same limits, byte checks and queue as the admin forms,
// answering 201 in processing state; the worker makes the files and the record goes public.

let admin: APIRequestContext;
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
  admin = await adminContext();
});
test.afterAll(async () => {
  await admin.dispose();
});

type Fields = Record<string, string>;

async function productForm(fields: Fields, images: Buffer[]): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  images.forEach((buffer, i) => form.append("images", file(`photo-${i + 1}.jpg`, buffer)));
  return form;
}

const unique = () => `${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`;

function validFields(name: string): Fields {
  return {
    name,
    priceFixed: "2500",
    priceDiscount: "2100",
    description: "Cast by the lost-wax method, sent through the API.",
    color: "Antique",
    material: "Brass",
    utility: "Gift",
    category: "my-creativity",
    weight: "850",
    size: "H-6 * W-4 * L-3 inch",
  };
}

async function waitUntilReady(id: string): Promise<ApiProduct> {
  let product: ApiProduct | undefined;
  await eventually(async () => {
    product = (await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductById/${id}`))).data;
    expect(product.status).toBe("ready");
    // A public product stays ready while images added to it are made: each image says how far it is.
    expect(product.imageStates?.map((image) => image.status)).toEqual(product.imageStates?.map(() => "ready"));
  });
  return product!;
}

test("a product created through the API goes public, on the API and the storefront, once its images are made", async ({ request, page }) => {
  const name = `API Owl ${unique()}`;
  const created = await admin.post(`${API}/products/create`, { multipart: await productForm(validFields(name), [await jpeg(1), await jpeg(2, 480, 640)]) });
  const { data, message } = await expectOk<ApiProduct>(created, 201);
  expect(message).toBe("Product added successfully");
  expectProductShape(data);
  expect(data).toMatchObject({
    name,
    category: "my-creativity",
    priceFixed: 2500,
    priceDiscount: 2100,
    color: "Antique",
    material: "Brass",
    utility: "Gift",
    weight: 850,
    size: "H-6 * W-4 * L-3 inch",
    available: true,
  });
  expect(["processing", "ready"]).toContain(data.status);
  expect(data.imageStates).toHaveLength(2);

  // Both images are made (possibly at the same moment by two workers) before it goes public.
  const ready = await waitUntilReady(data._id);
  expect(ready.images).toHaveLength(2);
  const { data: listing } = await expectOk<ApiProduct[]>(await request.get(`${API}/products/getAvailableProductsByCategory/my-creativity`));
  const listed = listing.find((p) => p._id === data._id)!;
  expect(listed, "the guest listing shows the new product").toBeTruthy();
  expect(listed.images).toEqual(ready.images);
  for (const url of listed.images) expect((await request.get(url)).status()).toBe(200);
  expect((await expectOk<ApiProduct>(await request.get(`${API}/products/getAvailableProductByName/${encodeURIComponent(name)}`))).data._id).toBe(data._id);

  // On the storefront: put it in the Gift list and find it in the home page's Gift Corner.
  const entry = await expectOk<{ _id: string }>(await admin.post(`${API}/trending/add`, { data: { productId: data._id } }), 201);
  try {
    await page.goto("/");
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  } finally {
    await expectOk(await admin.delete(`${API}/trending/remove/${entry.data._id}`));
  }
  await expectOk(await admin.delete(`${API}/products/delete/${data._id}`));
});

test("create: the add form's rules, as field errors", async () => {
  const name = `API Rules ${unique()}`;
  const noImage = await expectFail(await admin.post(`${API}/products/create`, { multipart: await productForm(validFields(name), []) }), 400, "Please upload at least one image");
  expect(noImage.errors).toEqual({ images: "Please upload at least one image" });

  const blank = await expectFail(
    await admin.post(`${API}/products/create`, { multipart: await productForm({ priceFixed: "abc", size: "six by four" }, [await jpeg(3)]) }),
    400,
  );
  expect(blank.errors).toMatchObject({ size: expect.stringMatching(/H-6 \* W-4 \* L-3 inch/) });

  const invalid = await expectFail(
    await admin.post(`${API}/products/create`, {
      multipart: await productForm({ ...validFields(name), name: "", category: "toys", priceDiscount: "abc", weight: "" }, [await jpeg(4)]),
    }),
    400,
  );
  expect(invalid.errors).toEqual({
    name: "Title is required",
    category: "Please select a category",
    priceDiscount: "Price must be a number",
    weight: "Weight is required",
  });

  const six = await Promise.all([5, 6, 7, 8, 9, 10].map((s) => jpeg(s, 64, 64)));
  await expectFail(await admin.post(`${API}/products/create`, { multipart: await productForm(validFields(name), six) }), 400, "You can upload maximum 5 images");

  const notImage = await productForm(validFields(name), []);
  notImage.append("images", file("notes.jpg", Buffer.from("just some text, not a picture"), "image/jpeg"));
  await expectFail(await admin.post(`${API}/products/create`, { multipart: notImage }), 415, /not a supported image/);

  await expectFail(await admin.post(`${API}/products/create`, { data: validFields(name) }), 415, /multipart/);
  // None of these made a product.
  await expectFail(await admin.get(`${API}/products/getProductByName/${encodeURIComponent(name)}`), 404);
});

test("update (JSON and multipart), deleteImage and delete", async () => {
  const name = `API Edit ${unique()}`;
  const { data: created } = await expectOk<ApiProduct>(
    await admin.post(`${API}/products/create`, { multipart: await productForm(validFields(name), [await jpeg(11)]) }),
    201,
  );
  const id = created._id;
  await waitUntilReady(id);

  // A plain object of some fields: the others keep their values.
  const renamed = await expectOk<ApiProduct>(await admin.put(`${API}/products/update/${id}`, { data: { name: `${name} v2`, priceDiscount: 1999.5 } }));
  expect(renamed.message).toBe("Product updated successfully");
  expect(renamed.data).toMatchObject({ name: `${name} v2`, priceFixed: 2500, priceDiscount: 1999.5, color: "Antique", weight: 850, size: "H-6 * W-4 * L-3 inch" });

  const noDiscount = await expectOk<ApiProduct>(await admin.put(`${API}/products/update/${id}`, { data: { priceDiscount: null, name: null } }));
  expect(noDiscount.data).toMatchObject({ name: `${name} v2`, priceFixed: 2500, priceDiscount: null });

  // Quick edit: multipart with keepExistingImages=true adds the new image to the one.
  const quick = new FormData();
  for (const [k, v] of Object.entries({ ...validFields(`${name} v3`), keepExistingImages: "true", size: "H-7 * W-5 * L-2 inch" })) quick.append(k, v);
  quick.append("images", file("third.jpg", await jpeg(13)));
  const { data: three } = await expectOk<ApiProduct>(await admin.put(`${API}/products/update/${id}`, { multipart: quick }));
  expect(three.imageStates).toHaveLength(2);
  expect(three.status, "still public while the new image is made").toBe("ready");
  expect(three.size).toBe("H-7 * W-5 * L-2 inch");
  const ready = await waitUntilReady(id);
  expect(ready.images).toHaveLength(2);

  // Five in all at most: two kept + four new is refused and stores nothing.
  const tooMany = new FormData();
  tooMany.append("keepExistingImages", "true");
  for (const s of [14, 15, 16, 17]) tooMany.append("images", file(`more-${s}.jpg`, await jpeg(s, 64, 64)));
  await expectFail(await admin.put(`${API}/products/update/${id}`, { multipart: tooMany }), 400, /maximum of 5 images. You currently have 2/);
  expect((await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductById/${id}`))).data.imageStates).toHaveLength(2);

  const bad = await expectFail(await admin.put(`${API}/products/update/${id}`, { data: { priceFixed: "abc" } }), 400);
  expect(bad.errors).toHaveProperty("priceFixed");
  await expectFail(await admin.put(`${API}/products/update/${id}`, { headers: { "Content-Type": "text/plain" }, data: Buffer.from("name=x") }), 415);
  await expectFail(await admin.put(`${API}/products/update/999999`, { data: { name: "x" } }), 404, "Product not found");
  await expectFail(await admin.put(`${API}/products/update/abc`, { data: { name: "x" } }), 400);

  // deleteImage by one of its URLs.
  const gone = ready.images[0]!;
  const after = await expectOk<ApiProduct>(await admin.delete(`${API}/products/deleteImage/${id}`, { data: { imageUrl: gone } }));
  expect(after.data.images).toHaveLength(1);
  expect(after.data.images).not.toContain(gone);
  // The last image cannot go: a product needs one.
  await expectFail(await admin.delete(`${API}/products/deleteImage/${id}`, { data: { imageUrl: after.data.images[0] } }), 400, /at least one image/);
  await expectFail(await admin.delete(`${API}/products/deleteImage/${id}`, { data: { imageUrl: gone } }), 404, "Image not found");
  await expectFail(await admin.delete(`${API}/products/deleteImage/${id}`, { data: {} }), 400, "imageUrl is required");
  await expectFail(await admin.delete(`${API}/products/deleteImage/${id}`, { headers: { "Content-Type": "application/json" }, data: Buffer.from("{") }), 400);
  await expectFail(await admin.delete(`${API}/products/deleteImage/999999`, { data: { imageUrl: gone } }), 404, "Product not found");

  const deleted = await expectOk<{ _id: string }>(await admin.delete(`${API}/products/delete/${id}`));
  expect(deleted.data._id).toBe(id);
  await expectFail(await admin.delete(`${API}/products/delete/${id}`), 404, "Product not found");
  await expectFail(await admin.get(`${API}/products/getProductById/${id}`), 404);
  await expectFail(await admin.delete(`${API}/products/delete/abc`), 400);
});

test("gallery: add (201 processing), public once ready, a damaged file refused at the door, delete", async ({ request }) => {
  const form = new FormData();
  form.append("image", file("gallery.jpg", await jpeg(21, 900, 600)));
  const { data, message } = await expectOk<{ _id: string; status: string; image: string | null }>(await admin.post(`${API}/gallery/add`, { multipart: form }), 201);
  expect(message).toBe("Image added to gallery successfully");
  expect(["processing", "ready"]).toContain(data.status);
  await eventually(async () => {
    const { data: item } = await expectOk<{ status: string; image: string }>(await request.get(`${API}/gallery/getById/${data._id}`));
    expect(item.image).toMatch(/^\/media\//);
  });
  const { data: all } = await expectOk<Array<{ _id: string }>>(await request.get(`${API}/gallery/getAll`));
  expect(all.map((i) => i._id)).toContain(data._id);

  // A file that looks like a JPEG but is cut short: refused at the door, naming it; nothing is added.
  const adminIds = async () => (await expectOk<Array<{ _id: string }>>(await admin.get(`${API}/gallery/getAll`))).data.map((i) => i._id);
  const beforeBroken = await adminIds();
  const broken = new FormData();
  broken.append("image", file("broken.jpg", (await jpeg(22)).subarray(0, 300)));
  await expectFail(await admin.post(`${API}/gallery/add`, { multipart: broken }), 400, "broken.jpg: The image file is damaged or incomplete and cannot be read.");
  expect(await adminIds()).toEqual(beforeBroken);

  await expectFail(await admin.post(`${API}/gallery/add`, { multipart: { note: "no file" } }), 400, "Please choose an image file");
  const text = new FormData();
  text.append("image", file("a.jpg", Buffer.from("plain text"), "image/jpeg"));
  await expectFail(await admin.post(`${API}/gallery/add`, { multipart: text }), 415);
  const two = new FormData();
  two.append("image", file("1.jpg", await jpeg(23, 64, 64)));
  two.append("image", file("2.jpg", await jpeg(24, 64, 64)));
  await expectFail(await admin.post(`${API}/gallery/add`, { multipart: two }), 400, "Send one file per request");
  await expectFail(await admin.post(`${API}/gallery/add`, { data: { image: "x" } }), 415);

  expect((await expectOk(await admin.delete(`${API}/gallery/delete/${data._id}`))).message).toBeTruthy();
  await expectFail(await admin.delete(`${API}/gallery/delete/${data._id}`), 404, "Image not found");
  await expectFail(await admin.get(`${API}/gallery/getById/${data._id}`), 404);
  await expectFail(await admin.delete(`${API}/gallery/delete/abc`), 400);
});

test("video: add (201 processing), public only once ready, type checks, delete", async ({ request }) => {
  const form = new FormData();
  form.append("video", file("clip.mp4", fakeMp4(), "video/mp4"));
  const { data, message } = await expectOk<{ _id: string; status: string; video: string | null }>(await admin.post(`${API}/video/add`, { multipart: form }), 201);
  expect(message).toBeTruthy();
  expect(data.status).toBe("processing");
  expect(data.video).toBeNull();
  const { data: seen } = await expectOk<{ _id: string; status: string }>(await admin.get(`${API}/video/getById/${data._id}`));
  expect(seen.status).not.toBe("ready"); // undecodable: it stays processing or fails, never ready
  await expectFail(await request.get(`${API}/video/getById/${data._id}`), 404, "Video not found");
  const { data: publicAll } = await expectOk<Array<{ _id: string }>>(await request.get(`${API}/video/getAll`));
  expect(publicAll.map((v) => v._id)).not.toContain(data._id);
  const { data: adminAll } = await expectOk<Array<{ _id: string }>>(await admin.get(`${API}/video/getAll`));
  expect(adminAll.map((v) => v._id)).toContain(data._id);

  const image = new FormData();
  image.append("video", file("photo.mp4", await jpeg(31), "video/mp4"));
  await expectFail(await admin.post(`${API}/video/add`, { multipart: image }), 415, /not a supported video/);
  await expectFail(await admin.post(`${API}/video/add`, { multipart: { title: "none" } }), 400, "Please choose a video file");

  // A real clip goes public once the worker has made its web copy and poster.
  const real = new FormData();
  real.append("video", file("workshop.mp4", realMp4(), "video/mp4"));
  const { data: clip } = await expectOk<{ _id: string; status: string }>(await admin.post(`${API}/video/add`, { multipart: real }), 201);
  expect(clip.status).toBe("processing");
  await eventually(async () => {
    const { data: seenByGuest } = await expectOk<{ video: string; poster: string | null }>(await request.get(`${API}/video/getById/${clip._id}`));
    expect(seenByGuest.video).toMatch(/^\/media\/.+\.mp4$/);
  });
  const { data: listed } = await expectOk<Array<{ _id: string; video: string }>>(await request.get(`${API}/video/getAll`));
  const url = listed.find((v) => v._id === clip._id)!.video;
  const media = await request.get(url);
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("video/mp4");

  for (const id of [data._id, clip._id]) {
    await expectOk(await admin.delete(`${API}/video/delete/${id}`));
    await expectFail(await admin.delete(`${API}/video/delete/${id}`), 404, "Video not found");
  }
  await expectFail(await request.get(`${API}/video/getById/${clip._id}`), 404);
  await expectFail(await admin.delete(`${API}/video/delete/abc`), 400);
});

test("fiximage: add, getAll, setDisplay, getCurrent, delete", async ({ request }) => {
  const { data: original } = await expectOk<{ _id: string; isCurrent: boolean; image: string }>(await request.get(`${API}/fiximage/getCurrent`));
  expect(original.isCurrent).toBe(true);
  expect(original.image).toMatch(/^\/media\//);

  const form = new FormData();
  form.append("image", file("hero.jpg", await jpeg(41, 1600, 900)));
  const added = await expectOk<{ _id: string; isCurrent: boolean }>(await admin.post(`${API}/fiximage/add`, { multipart: form }), 201);
  expect(added.message).toBeTruthy();
  expect(added.data.isCurrent).toBe(false);
  const id = added.data._id;
  await eventually(async () => {
    const { data: all } = await expectOk<Array<{ _id: string; status: string }>>(await request.get(`${API}/fiximage/getAll`));
    expect(all.find((d) => d._id === id)?.status).toBe("ready");
  });

  try {
    expect((await expectOk(await admin.put(`${API}/fiximage/setDisplay/${id}`))).message).toBeTruthy();
    const { data: current } = await expectOk<{ _id: string }>(await request.get(`${API}/fiximage/getCurrent`));
    expect(current._id).toBe(id);
    const { data: all } = await expectOk<Array<{ _id: string; isCurrent: boolean }>>(await admin.get(`${API}/fiximage/getAll`));
    expect(all.filter((d) => d.isCurrent).map((d) => d._id)).toEqual([id]);
    await expectFail(await admin.put(`${API}/fiximage/setDisplay/999999`), 404, "Image not found");
    await expectFail(await admin.put(`${API}/fiximage/setDisplay/abc`), 400);
    await expectFail(await admin.post(`${API}/fiximage/add`, { multipart: { x: "no file" } }), 400);

    // Deleting the current image leaves none current: 'No display image selected'.
    await expectOk(await admin.delete(`${API}/fiximage/delete/${id}`));
    await expectFail(await request.get(`${API}/fiximage/getCurrent`), 404, "No display image selected");
    await expectFail(await admin.delete(`${API}/fiximage/delete/${id}`), 404);
  } finally {
    await expectOk(await admin.put(`${API}/fiximage/setDisplay/${original._id}`));
  }
  expect((await expectOk<{ _id: string }>(await request.get(`${API}/fiximage/getCurrent`))).data._id).toBe(original._id);
});
