import { expect, test, type APIRequestContext } from "./test.ts";
import { adminContext, API, expectFail, expectOk, expectProductShape, sessionCookie, type ApiProduct } from "./api-support.ts";
import { ADMIN } from "./helpers.ts";

// /api/v1 over HTTP against the production build and the seeded database: every read,
// the user calls and the two product lists; uploads are in api-uploads.js-only.spec.ts.

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await adminContext();
});
test.afterAll(async () => {
  await admin.dispose();
});

const ALL_CALLS: Array<[string, string]> = [
  ["post", "/products/create"],
  ["get", "/products/getAllProducts"],
  ["get", "/products/getProductById/{id}"],
  ["get", "/products/getProductByName/{name}"],
  ["get", "/products/getAvailableProductByName/{name}"],
  ["get", "/products/getProductsByCategory/{category}"],
  ["get", "/products/getAvailableProductsByCategory/{category}"],
  ["get", "/products/search"],
  ["put", "/products/update/{id}"],
  ["put", "/products/toggleAvailability/{id}"],
  ["get", "/products/getTotalProductsCount"],
  ["get", "/products/getProductCountByCategory/{category}"],
  ["delete", "/products/deleteImage/{id}"],
  ["delete", "/products/delete/{id}"],
  ["post", "/gallery/add"],
  ["get", "/gallery/getAll"],
  ["delete", "/gallery/delete/{id}"],
  ["get", "/gallery/getById/{id}"],
  ["post", "/video/add"],
  ["get", "/video/getAll"],
  ["delete", "/video/delete/{id}"],
  ["get", "/video/getById/{id}"],
  ["get", "/user/current"],
  ["post", "/user/login"],
  ["get", "/user/logout"],
  ["post", "/trending/add"],
  ["get", "/trending/getAll"],
  ["get", "/trending/getCount"],
  ["delete", "/trending/remove/{id}"],
  ["post", "/availablecollections/add"],
  ["get", "/availablecollections/getAll"],
  ["get", "/availablecollections/getCount"],
  ["delete", "/availablecollections/remove/{id}"],
  ["post", "/fiximage/add"],
  ["delete", "/fiximage/delete/{id}"],
  ["get", "/fiximage/getAll"],
  ["get", "/fiximage/getCurrent"],
  ["put", "/fiximage/setDisplay/{id}"],
];

/** Every call that needs the admin session, with a body it would otherwise accept. */
const ADMIN_CALLS: Array<[string, string, Record<string, unknown>?]> = [
  ["post", "/products/create", { multipart: { name: "x" } }],
  ["get", "/products/getAllProducts"],
  ["get", "/products/getProductById/1"],
  ["get", "/products/getProductByName/x"],
  ["get", "/products/getProductsByCategory/wall-hanging"],
  ["put", "/products/update/1", { data: { name: "Hacked" } }],
  ["put", "/products/toggleAvailability/1"],
  ["get", "/products/getTotalProductsCount"],
  ["get", "/products/getProductCountByCategory/wall-hanging"],
  ["delete", "/products/deleteImage/1", { data: { imageUrl: "/media/x.jpg" } }],
  ["delete", "/products/delete/1"],
  ["post", "/gallery/add", { multipart: { image: "x" } }],
  ["delete", "/gallery/delete/1"],
  ["post", "/video/add", { multipart: { video: "x" } }],
  ["delete", "/video/delete/1"],
  ["post", "/trending/add", { data: { productId: 1 } }],
  ["get", "/trending/getCount"],
  ["delete", "/trending/remove/1"],
  ["post", "/availablecollections/add", { data: { productId: 1 } }],
  ["get", "/availablecollections/getCount"],
  ["delete", "/availablecollections/remove/1"],
  ["post", "/fiximage/add", { multipart: { image: "x" } }],
  ["delete", "/fiximage/delete/1"],
  ["put", "/fiximage/setDisplay/1"],
];

function call(ctx: APIRequestContext, method: string, path: string, options?: Record<string, unknown>) {
  return ctx.fetch(`${API}${path}`, { method: method.toUpperCase(), ...options });
}

test("openapi.json is OpenAPI 3.1 and documents exactly the 37 calls and the search", async ({ request }) => {
  const response = await request.get(`${API}/openapi.json`);
  expect(response.status()).toBe(200);
  const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>> };
  expect(doc.openapi).toBe("3.1.0");
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
  expect(documented.sort()).toEqual(ALL_CALLS.map(([m, p]) => `${m} ${p}`).sort());
  expect(doc.paths["/products/create"]!.post!.responses).toHaveProperty("201");
  expect(doc.paths["/products/create"]!.post!.responses).toHaveProperty("401");
  expect(doc.paths["/trending/add"]!.post!.responses).toHaveProperty("409");
});

test("unknown paths and wrong methods answer JSON 404 and 405", async ({ request }) => {
  await expectFail(await request.get(`${API}/nothing/here`), 404, /No such API call/);
  await expectFail(await request.delete(`${API}/products/getProductById/1/extra`), 404);
  await expectFail(await request.get(`${API}/products/getProductById/`), 404);
  const wrong = await request.post(`${API}/products/getAllProducts`, { data: {} });
  await expectFail(wrong, 405, /use GET/);
  expect(wrong.headers()["allow"]).toBe("GET, HEAD");
  await expectFail(await request.get(`${API}/products/create`), 405, /use POST/);
  await expectFail(await request.post(`${API}/user/logout`), 405);
  await expectFail(await request.put(`${API}/trending/remove/1`), 405);
});

test("guests get 401 from every admin call, and nothing changes", async ({ request }) => {
  for (const [method, path, options] of ADMIN_CALLS) {
    await test.step(`${method.toUpperCase()} ${path}`, async () => {
      await expectFail(await call(request, method, path, options), 401, /sign in/i);
    });
  }
  const { data } = await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductById/1`));
  expect(data.name).not.toBe("Hacked");
  expect(data.available).toBe(true);
});

test("a cross-site request cannot change state, even with the admin cookie", async () => {
  const before = await expectOk<number>(await admin.get(`${API}/trending/getCount`));
  await expectFail(
    await admin.post(`${API}/trending/add`, { data: { productId: 2 }, headers: { Origin: "https://evil.example" } }),
    403,
  );
  await expectFail(await admin.delete(`${API}/products/delete/2`, { headers: { "Sec-Fetch-Site": "cross-site" } }), 403);
  await expectFail(await admin.get(`${API}/user/logout`, { headers: { "Sec-Fetch-Site": "cross-site" } }), 403);
  expect((await expectOk<number>(await admin.get(`${API}/trending/getCount`))).data).toBe(before.data);
  await expectOk(await admin.get(`${API}/products/getProductById/2`));
  await expectOk(await admin.get(`${API}/user/current`));
});

test("user: login validates its body, refuses a wrong password, and signs in and out", async ({ request, playwright }) => {
  await expectFail(await request.get(`${API}/user/current`), 401, "Not signed in");
  await expectFail(await request.post(`${API}/user/login`, { headers: { "Content-Type": "application/json" }, data: Buffer.from("{not json") }), 400, /not valid JSON/);
  await expectFail(await request.post(`${API}/user/login`, { headers: { "Content-Type": "text/plain" }, data: Buffer.from("hi") }), 415);
  const missing = await expectFail(await request.post(`${API}/user/login`, { data: {} }), 400);
  expect(Object.keys(missing.errors ?? {}).sort()).toEqual(["email", "password"]);
  await expectFail(await request.post(`${API}/user/login`, { data: { email: "not-an-email", password: "x" } }), 400);
  await expectFail(
    await request.post(`${API}/user/login`, { data: { email: "nobody-api@example.com", password: "wrong-password" } }),
    401,
    "Invalid email or password",
  );

  const login = await request.post(`${API}/user/login`, { data: ADMIN });
  const { data, message } = await expectOk<{ _id: string; email: string }>(login);
  expect(data).toEqual({ _id: expect.stringMatching(/^\d+$/), email: ADMIN.email });
  expect(message).toBeTruthy();
  const setCookie = login.headers()["set-cookie"]!;
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);

  const me = await playwright.request.newContext({ extraHTTPHeaders: { Cookie: sessionCookie(login) } });
  expect((await expectOk<{ email: string }>(await me.get(`${API}/user/current`))).data.email).toBe(ADMIN.email);
  const out = await me.get(`${API}/user/logout`);
  await expectOk(out);
  expect(out.headers()["set-cookie"]).toMatch(/__dokra_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  // The old cookie no longer signs anyone in: the session row is gone.
  await expectFail(await me.get(`${API}/user/current`), 401);
  await expectFail(await me.get(`${API}/products/getAllProducts`), 401);
  await me.dispose();
  // Logging out without a session is harmless.
  await expectOk(await request.get(`${API}/user/logout`));
});

test("login is throttled like the form: the sixth try after five failures is a 429", async ({ request }) => {
  const email = `throttle-${Date.now()}@example.com`;
  for (let i = 0; i < 5; i++) {
    await expectFail(await request.post(`${API}/user/login`, { data: { email, password: `wrong-${i}` } }), 401);
  }
  const throttled = await request.post(`${API}/user/login`, { data: { email, password: "wrong-again" } });
  await expectFail(throttled, 429, /Too many failed sign-in attempts/);
  expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(0);
});

test("public product reads return only ready, available products", async ({ request }) => {
  const { data: listing } = await expectOk<ApiProduct[]>(await request.get(`${API}/products/getAvailableProductsByCategory/wall-hanging`));
  expect(listing.length).toBeGreaterThan(0);
  for (const product of listing) {
    expectProductShape(product);
    expect(product.category).toBe("wall-hanging");
    expect(product.status).toBe("ready");
    expect(product.available).toBe(true);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product).not.toHaveProperty("imageStates");
  }
  const image = await request.get(listing[0]!.images[0]!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");

  const { data: gifts } = await expectOk<ApiProduct[]>(await request.get(`${API}/products/getAvailableProductsByCategory/trending`));
  expect(gifts.length).toBeGreaterThan(0);
  await expectFail(await request.get(`${API}/products/getAvailableProductsByCategory/no-such-category`), 404, /No such category/);

  const name = listing[0]!.name;
  const byName = await expectOk<ApiProduct>(await request.get(`${API}/products/getAvailableProductByName/${encodeURIComponent(name)}`));
  expect(byName.data._id).toBe(listing[0]!._id);
  await expectFail(await request.get(`${API}/products/getAvailableProductByName/${encodeURIComponent("No Such Product 123")}`), 404, "Product not found");
  await expectFail(await request.get(`${API}/products/getAvailableProductByName/${"x".repeat(201)}`), 400);

  // An unavailable product disappears from the public reads but not from the admin's.
  const target = listing[listing.length - 1]!;
  const toggled = await expectOk<{ _id: string; available: boolean }>(await admin.put(`${API}/products/toggleAvailability/${target._id}`));
  expect(toggled.data).toEqual({ _id: target._id, available: false });
  try {
    const { data: after } = await expectOk<ApiProduct[]>(await request.get(`${API}/products/getAvailableProductsByCategory/wall-hanging`));
    expect(after.map((p) => p._id)).not.toContain(target._id);
    await expectFail(await request.get(`${API}/products/getAvailableProductByName/${encodeURIComponent(target.name)}`), 404);
    const { data: seen } = await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductById/${target._id}`));
    expect(seen.available).toBe(false);
  } finally {
    const back = await expectOk<{ available: boolean }>(await admin.put(`${API}/products/toggleAvailability/${target._id}`));
    expect(back.data.available).toBe(true);
  }
  await expectFail(await admin.put(`${API}/products/toggleAvailability/abc`), 400, /Invalid id/);
  await expectFail(await admin.put(`${API}/products/toggleAvailability/999999`), 404, "Product not found");
});

test("admin product reads see every product and validate ids and categories", async () => {
  const { data: all } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getAllProducts`));
  expect(all.length).toBeGreaterThanOrEqual(42);
  for (const product of all) expectProductShape(product);
  expect(new Set(all.map((p) => p._id)).size).toBe(all.length);
  const { data: total } = await expectOk<{ total: number }>(await admin.get(`${API}/products/getTotalProductsCount`));
  expect(total.total).toBeGreaterThanOrEqual(42);
  await expectFail(await admin.get(`${API}/products/getAllProducts?category=nope`), 400);
  // A seeded product (the oldest): admin specs running beside this one create and delete their own.
  const seeded = all.reduce((a, b) => (Number(a._id) < Number(b._id) ? a : b));
  const { data: searched } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getAllProducts?q=${encodeURIComponent(seeded.name)}`));
  expect(searched.map((p) => p._id)).toContain(seeded._id);

  const { data: one } = await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductById/${seeded._id}`));
  expectProductShape(one);
  expect(one.imageStates!.length).toBeGreaterThan(0);
  for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
    await expectFail(await admin.get(`${API}/products/getProductById/${id}`), 400, /Invalid id/);
  }
  await expectFail(await admin.get(`${API}/products/getProductById/999999`), 404, "Product not found");

  const { data: byName } = await expectOk<ApiProduct>(await admin.get(`${API}/products/getProductByName/${encodeURIComponent(one.name.toUpperCase())}`));
  expect(byName.name).toBe(one.name);
  await expectFail(await admin.get(`${API}/products/getProductByName/No%20Such%20Product%20123`), 404, "Product not found");

  const { data: wall } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getProductsByCategory/wall-hanging`));
  expect(wall.every((p) => p.category === "wall-hanging")).toBe(true);
  const { data: count } = await expectOk<{ count: number }>(await admin.get(`${API}/products/getProductCountByCategory/wall-hanging`));
  expect(count.count).toBe(wall.length);
  await expectFail(await admin.get(`${API}/products/getProductsByCategory/trending`), 404);
  await expectFail(await admin.get(`${API}/products/getProductCountByCategory/nope`), 404, /No such category/);
  // Two reads of one count: the write specs beside this one add and remove Gift entries between
  // them, so the two answers are compared until a pair is read with no write in between.
  await expect
    .poll(async () => {
      const { data: giftCount } = await expectOk<{ count: number }>(await admin.get(`${API}/products/getProductCountByCategory/trending`));
      const { data: listCount } = await expectOk<number>(await admin.get(`${API}/trending/getCount`));
      return giftCount.count - listCount;
    })
    .toBe(0);
});

for (const [prefix, entryKey] of [
  ["trending", "giftEntryId"],
  ["availablecollections", "stockEntryId"],
] as const) {
  test(`${prefix}: add, list, count, conflict and remove`, async ({ request }) => {
    const { data: before } = await expectOk<number>(await admin.get(`${API}/${prefix}/getCount`));
    expect(typeof before).toBe("number");
    const { data: products } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getProductsByCategory/home-decor-and-tabletop`));
    const product = products.find((p) => p[entryKey] === null && p.status === "ready" && p.available)!;
    expect(product, "a ready product outside the list").toBeTruthy();

    const added = await expectOk<{ _id: string; productId: string }>(
      await admin.post(`${API}/${prefix}/add`, { data: { productId: product._id } }),
      201,
    );
    expect(added.message).toBeTruthy();
    expect(added.data.productId).toBe(product._id);
    try {
      await expectFail(await admin.post(`${API}/${prefix}/add`, { data: { productId: Number(product._id) } }), 409, /already/);
      expect((await expectOk<number>(await admin.get(`${API}/${prefix}/getCount`))).data).toBe(before + 1);

      const { data: entries } = await expectOk<Array<{ _id: string; product: ApiProduct }>>(await request.get(`${API}/${prefix}/getAll`));
      const entry = entries.find((e) => e._id === added.data._id)!;
      expect(entry, "the guest sees the new entry").toBeTruthy();
      expectProductShape(entry.product);
      expect(entry.product._id).toBe(product._id);
      for (const e of entries) expect(e.product.status).toBe("ready");
      const { data: adminEntries } = await expectOk<unknown[]>(await admin.get(`${API}/${prefix}/getAll`));
      expect(adminEntries.length).toBe(before + 1);

      await expectFail(await admin.post(`${API}/${prefix}/add`, { data: { productId: 999999 } }), 404, "Product not found");
      const missing = await expectFail(await admin.post(`${API}/${prefix}/add`, { data: {} }), 400, "productId is required");
      expect(missing.errors).toHaveProperty("productId");
      await expectFail(await admin.post(`${API}/${prefix}/add`, { data: { productId: "abc" } }), 400);
      await expectFail(await admin.post(`${API}/${prefix}/add`, { data: [product._id] }), 400, /JSON object/);
      await expectFail(await admin.post(`${API}/${prefix}/add`, { headers: { "Content-Type": "application/json" }, data: Buffer.from("{") }), 400, /not valid JSON/);
      await expectFail(await admin.post(`${API}/${prefix}/add`, { headers: { "Content-Type": "text/plain" }, data: Buffer.from(product._id) }), 415);
    } finally {
      const removed = await expectOk<{ _id: string }>(await admin.delete(`${API}/${prefix}/remove/${added.data._id}`));
      expect(removed.message).toBeTruthy();
    }
    await expectFail(await admin.delete(`${API}/${prefix}/remove/${added.data._id}`), 404, "Entry not found");
    await expectFail(await admin.delete(`${API}/${prefix}/remove/abc`), 400);
    expect((await expectOk<number>(await admin.get(`${API}/${prefix}/getCount`))).data).toBe(before);
  });
}

test("gallery, video and display image reads are public and show only ready records", async ({ request }) => {
  const { data: gallery } = await expectOk<Array<{ _id: string; image: string; status: string }>>(await request.get(`${API}/gallery/getAll`));
  expect(gallery.length).toBeGreaterThanOrEqual(12);
  for (const item of gallery) {
    expect(item.status).toBe("ready");
    expect(item.image).toMatch(/^\/media\//);
    expect(item).not.toHaveProperty("originalName");
  }
  const { data: one } = await expectOk<{ _id: string }>(await request.get(`${API}/gallery/getById/${gallery[0]!._id}`));
  expect(one._id).toBe(gallery[0]!._id);
  await expectFail(await request.get(`${API}/gallery/getById/999999`), 404, "Image not found");
  await expectFail(await request.get(`${API}/gallery/getById/abc`), 400);

  const { data: videos } = await expectOk<Array<{ status: string }>>(await request.get(`${API}/video/getAll`));
  for (const video of videos) expect(video.status).toBe("ready");
  const { data: adminVideos } = await expectOk<Array<{ _id: string; status: string; originalName: string }>>(await admin.get(`${API}/video/getAll`));
  expect(adminVideos.length).toBeGreaterThanOrEqual(2);
  expect(adminVideos[0]).toHaveProperty("originalName");
  await expectFail(await request.get(`${API}/video/getById/999999`), 404, "Video not found");
  await expectFail(await request.get(`${API}/video/getById/x1`), 400);

  const { data: displays } = await expectOk<Array<{ _id: string; isCurrent: boolean }>>(await request.get(`${API}/fiximage/getAll`));
  expect(displays.length).toBeGreaterThanOrEqual(3);
  expect(displays.filter((d) => d.isCurrent).length).toBeLessThanOrEqual(1);
});
