import { closeSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";
import { request as httpRequest } from "node:http";
import { expect, test, type APIRequestContext } from "./test.ts";
import { Redis } from "ioredis";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { adminContext, API, expectFail, expectOk, file, jpeg, sessionCookie } from "./api-support.ts";

// Hostile input and attacks against the full server (production build, worker, MySQL,
// Redis): markup in product fields is shown as text everywhere, including the JSON-LD
// block; cross-site posts with the admin cookie are refused on every admin page; a
// client cannot choose the address the login throttle counts; a chunked upload past the
// limit is cut off with a 413.

const PORT = new URL(E2E_BASE_URL).port;
let admin: APIRequestContext;
let cookie: string;
test.beforeAll(async ({ playwright }) => {
  admin = await adminContext();
  const login = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  cookie = sessionCookie(await login.post(`${API}/user/login`, { data: { email: "admin@dokra.local", password: "dokra-admin-2026" } }));
  await login.dispose();
});
test.afterAll(async () => {
  await admin.dispose();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type ApiProduct = { _id: string; name: string; category: string; status: string };

test("markup in product fields is text on the storefront, the admin, the API and in the JSON-LD block", async ({ page }) => {
  const tag = unique();
  const name = `</script><script>alert("x${tag}")</script><img src=x onerror=alert(1)> Owl`;
  const description = `<b>bold?</b> </script><svg onload=alert(2)> ' OR 1=1 -- ${tag}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, description, priceFixed: "2500", category: "wall-hanging", weight: "850", size: "H-6 * W-4 * L-3 inch" })) form.append(k, v);
  form.append("images", file("owl.jpg", await jpeg(77, 320, 240)));
  const { data: created } = await expectOk<ApiProduct>(await admin.post(`${API}/products/create`, { multipart: form }), 201);
  expect(created.name).toBe(name);
  await expect
    .poll(async () => ((await (await admin.get(`${API}/products/getProductById/${created._id}`)).json()) as { data: ApiProduct }).data.status, { timeout: 30_000 })
    .toBe("ready");

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.context().addCookies([{ name: "__dokra_session", value: cookie.split("=")[1]!, url: E2E_BASE_URL }]);
  const pages = [`/product/wall-hanging/${created._id}`, "/product/wall-hanging", `/dashboard/all-products?q=${tag}`, `/dashboard/edit-product/${created._id}`];
  for (const p of pages) {
    const response = await page.goto(p);
    expect(response!.status(), p).toBe(200);
    const html = await response!.text();
    expect(html, p).not.toContain(`<script>alert("x${tag}")`);
    expect(html, p).not.toContain("<img src=x onerror");
    expect(html, p).not.toContain("<svg onload");
    // Every </script> the page holds is the end of one of its own script elements.
    expect((html.match(/<\/script>/gi) ?? []).length, p).toBe((html.match(/<script\b/gi) ?? []).length);
    if (p.startsWith("/product/wall-hanging/")) {
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const product = jsonLd.map((t) => JSON.parse(t) as { "@type"?: string; name?: string }).find((j) => j["@type"] === "Product");
      expect(product?.name).toBe(name);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    }
  }
  expect(dialogs).toEqual([]);

  const api = await admin.get(`${API}/products/getProductById/${created._id}`);
  expect(api.headers()["content-type"]).toContain("application/json");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(((await api.json()) as { data: ApiProduct }).data.name).toBe(name);
  await expectOk(await admin.delete(`${API}/products/delete/${created._id}`));
});

test("every admin page action refuses a cross-site post, even with the admin cookie", async () => {
  const { data: products } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getAllProducts`));
  const before = products.length;
  const id = products.at(-1)!._id;
  const actions = readdirSync("app/routes")
    .filter((f) => /^dashboard\..+\.tsx$/.test(f))
    .map((f) => `/${f.replace(/\.tsx$/, "").replace(/\._index$/, "").replace("$id", id).replaceAll(".", "/")}`);
  expect(actions.length).toBeGreaterThanOrEqual(9);
  for (const p of [...actions, "/logout"]) {
    const forged: Array<Record<string, string>> = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }];
    for (const headers of forged) {
      const response = await admin.post(p, { form: { intent: "delete", id, productId: id, entryId: "1" }, headers, maxRedirects: 0 });
      expect([p, JSON.stringify(headers), response.status()]).toEqual([p, JSON.stringify(headers), 403]);
      expect(await response.text()).toBe("Cross-site requests are not allowed");
    }
  }
  expect((await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getAllProducts`))).data).toHaveLength(before);
  await expectOk(await admin.get(`${API}/user/current`));
});

test("the login throttle counts the real address: a client's x-dokra-client-ip and X-Forwarded-For are ignored", async ({ request }) => {
  // No TRUST_PROXY here, so no proxy is believed, not even one on loopback: the throttle
  // counts the address that connected (tests/reliability/attacks-client-address.test.ts
  // covers a configured proxy).
  const email = `nobody-${unique()}@example.com`;
  await expectFail(
    await request.post(`${API}/user/login`, {
      data: { email, password: "guess" },
      headers: { "x-dokra-client-ip": "203.0.113.99", "X-Forwarded-For": "203.0.113.97, 198.51.100.7" },
    }),
    401,
  );
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    const keys = await redis.keys(`dokra_e2e_${PORT}:login:email_ip:${email}_*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/_(::ffff:)?127\.0\.0\.1$|_::1$/);
  } finally {
    redis.disconnect();
  }
});

// The upload below is all 0x41 bytes. Other specs upload and delete at the same time, so
// the originals are not counted: what must not be there is a file (or .part) of ours.
const JUNK = 0x41;
const junkOriginals = () =>
  readdirSync(`.data/e2e-${PORT}/storage/originals`, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => {
      const head = Buffer.alloc(64);
      const fd = openSync(file, "r");
      const read = readSync(fd, head, 0, head.length, 0);
      closeSync(fd);
      return read > 0 && head.subarray(0, read).every((byte) => byte === JUNK);
    });

test("a chunked upload (no Content-Length) past the limit is cut off, leaves no file, and the server keeps serving", async () => {
  const { data: products } = await expectOk<ApiProduct[]>(await admin.get(`${API}/products/getAllProducts`));
  const id = products.at(-1)!._id;
  const boundary = "hostileboundary";
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(PORT),
        method: "PUT",
        path: `${API}/products/update/${id}`,
        headers: { Cookie: cookie, Origin: E2E_BASE_URL, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Transfer-Encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server answers 413 and closes while the client is still sending: depending on
    // timing the client reads that answer or only sees the connection reset.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve(-1) : reject(error)));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="junk"; filename="junk.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, JUNK);
    let sent = 0;
    const pump = () => {
      // 40 MB, more than 5 images of 5 MB and the fields: the limit of this call.
      while (sent < 40) {
        sent++;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
  expect([413, -1]).toContain(status);
  await expect.poll(junkOriginals).toEqual([]);
  await expectOk(await admin.get(`${API}/products/getProductById/${id}`));
});
