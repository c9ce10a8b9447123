// `npm run cluster` (scripts/cluster.ts) driven from outside: a product uploaded through web 1
// is processed by either worker and shows, with all its pictures, on web 2 at once; a delete
// through web 2 removes its objects from the store; no picture lands in a local folder.
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { S3Storage } from "#app/modules/media/storage.server.ts";
import { filesUnder, freePort, spawnTracked, stopAllServices, until, type Spawned } from "#tests/reliability/support-services.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { LOCAL_S3_CREDENTIALS } from "../../scripts/local-s3.ts";

const dir = `${process.env.STORAGE_DIR}-cluster`;
let cluster: Spawned;
let web1: string;
let web2: string;
let store: S3Storage;

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  const s3Port = await freePort();
  cluster = spawnTracked(process.execPath, ["--import", "tsx", "scripts/cluster.ts"], {
    ...process.env,
    CLUSTER_PORTS: ports.join(","),
    CLUSTER_S3_PORT: String(s3Port),
    CLUSTER_DIR: dir,
    LOG_LEVEL: "warn",
  });
  await until(() => cluster.output().includes("[cluster] ready"), 240_000, `the cluster: ${cluster.output()}`);
  [web1, web2] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  expect(cluster.output()).toContain(`web 1: ${web1}`);
  expect(cluster.output()).toContain(`web 2: ${web2}`);
  store = new S3Storage({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: "us-east-1",
    bucket: "dokra-cluster",
    ...LOCAL_S3_CREDENTIALS,
    forcePathStyle: true,
    scratchRoot: path.join(dir, "test-scratch"),
  });
}, 300_000);

afterAll(async () => {
  // SIGTERM: the cluster stops its four processes and the store before it exits.
  cluster?.child.kill("SIGTERM");
  await cluster?.exited;
  await stopAllServices();
  await fs.rm(dir, { recursive: true, force: true });
});

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@dokra.local", password: "dokra-admin-2026" }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

interface PublicProduct {
  _id: string;
  images: string[];
}

describe("npm run cluster", { timeout: 240_000 }, () => {
  it("uploads through web 1, shows on web 2 at once with every picture, deletes through web 2 down to the objects", async () => {
    const category = CATEGORY_SLUGS[0];
    const listing = `${web2}/api/v1/products/getAvailableProductsByCategory/${category}`;
    // Web 2 caches the listing before the product exists: its cache must follow.
    const before = (await (await fetch(listing)).json()) as { data: PublicProduct[] };
    expect(before.data).toEqual([]);

    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Cluster Owl", priceFixed: "2500", category, weight: "850", size: "H-6 * W-4 * L-3 inch" })) form.append(k, v);
    for (const seed of [1, 2, 3]) form.append("images", new File([new Uint8Array(await makeJpeg(1200, 900, seed))], `owl-${seed}.jpg`, { type: "image/jpeg" }));
    const created = await fetch(`${web1}/api/v1/products/create`, { method: "POST", headers: { Cookie: await signIn(web1) }, body: form });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { _id: string } }).data._id;

    const shown = await until(
      async () => ((await (await fetch(listing)).json()) as { data: PublicProduct[] }).data.find((p) => p._id === id),
      180_000,
      "the product on web 2",
    );
    expect(shown.images).toHaveLength(3);
    const keys: string[] = [];
    for (const url of shown.images) {
      const image = await fetch(new URL(url, web2));
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      keys.push(new URL(url, web2).pathname.replace(/^\/media\//, ""));
    }
    for (const key of keys) expect(await store.hasDerived(key)).toBe(true);
    const originals = async () => {
      const found: string[] = [];
      for await (const key of store.listOlderThan("originals", new Date(Date.now() + 60_000))) found.push(key);
      return found;
    };
    expect(await originals()).toHaveLength(3);

    const deleted = await fetch(`${web2}/api/v1/products/delete/${id}`, { method: "DELETE", headers: { Cookie: await signIn(web2) } });
    expect(deleted.status).toBe(200);
    for (const key of keys) expect(await store.hasDerived(key)).toBe(false);
    expect(await originals()).toEqual([]);
    expect(((await (await fetch(`${web1}/api/v1/products/getAvailableProductsByCategory/${category}`)).json()) as { data: PublicProduct[] }).data).toEqual([]);

    // Every process had its own storage folder; none holds a picture (only empty scratch folders).
    for (const name of ["web-1", "web-2", "worker-1", "worker-2"]) expect(await filesUnder(path.join(dir, name))).toEqual([]);
  });
});
