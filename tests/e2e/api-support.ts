import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import sharp from "sharp";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { ADMIN } from "./helpers.ts";

// Shared by the /api/v1 contract specs: sign-in over the API, envelope checks, test files.

export const API = "/api/v1";

/** Signs in through POST /api/v1/user/login and returns a context that sends the session cookie. */
export async function adminContext(): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const response = await anonymous.post(`${API}/user/login`, { data: ADMIN });
  expect(response.status()).toBe(200);
  const cookie = sessionCookie(response);
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Cookie: cookie } });
}

/** "name=value" of the session cookie a response sets. */
export function sessionCookie(response: APIResponse): string {
  const header = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__dokra_session="));
  expect(header, "the response sets the session cookie").toBeTruthy();
  return header!.value.split(";")[0]!;
}

interface Envelope {
  success: boolean;
  data?: unknown;
  message?: string;
  errors?: Record<string, string>;
}

/** Asserts a success envelope with this status and returns its data. */
export async function expectOk<T = unknown>(response: APIResponse, status = 200): Promise<{ data: T; message?: string }> {
  const body = (await response.json()) as Envelope;
  expect(response.status(), JSON.stringify(body).slice(0, 300)).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(body.success).toBe(true);
  expect(body).toHaveProperty("data");
  return { data: body.data as T, message: body.message };
}

/** Asserts a failure envelope with this status (and message) and returns it. */
export async function expectFail(response: APIResponse, status: number, message?: string | RegExp): Promise<Envelope> {
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = (await response.json()) as Envelope;
  expect(response.status(), JSON.stringify(body).slice(0, 300)).toBe(status);
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  expect(body.message!.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/\s+at\s+\S+\s+\(|node_modules|<html/i);
  if (message !== undefined) expect(body.message).toMatch(message);
  return body;
}

/** A real JPEG made with sharp; `seed` changes its colour so each file differs. */
export async function jpeg(seed: number, width = 640, height = 480): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const file = (name: string, buffer: Buffer, type = "image/jpeg") => new File([new Uint8Array(buffer)], name, { type });

/** Bytes that start like an MP4 (so they pass the byte check) but no tool can decode. */
export const fakeMp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0]), Buffer.from("mp42isom"), Buffer.alloc(4096, 7)]);

/** A real one-second H.264 MP4 made with ffmpeg's test source. */
export function realMp4(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "api-video-"));
  try {
    const out = path.join(dir, "clip.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=320x240:rate=10", "-pix_fmt", "yuv420p", "-y", out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls until `check` stops throwing (the worker is asynchronous). */
export async function eventually(check: () => Promise<void>, timeout = 90_000): Promise<void> {
  await expect(check).toPass({ timeout, intervals: [300, 500, 1000] });
}

/** The keys of the product records the client reads (docs/product-rules.md, What is stored). */
export const PRODUCT_KEYS = [
  "_id",
  "name",
  "description",
  "category",
  "priceFixed",
  "priceDiscount",
  "color",
  "size",
  "material",
  "utility",
  "weight",
  "images",
] as const;

export interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  priceFixed: number;
  priceDiscount: number | null;
  size: string;
  weight: number | null;
  color: string;
  material: string;
  utility: string;
  description: string;
  images: string[];
  available: boolean;
  status: "processing" | "ready" | "failed";
  imageStates?: Array<{ mediaId: number; status: string; url: string | null }>;
  giftEntryId?: string | null;
  stockEntryId?: string | null;
}

export function expectProductShape(product: ApiProduct): void {
  for (const key of PRODUCT_KEYS) expect(product, `product has ${key}`).toHaveProperty(key);
  expect(product._id).toMatch(/^[1-9][0-9]*$/);
  expect(Array.isArray(product.images)).toBe(true);
  for (const url of product.images) expect(url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{40}\.jpg$/);
  expect(product.size).toMatch(/^H-[\d.?]+ \* W-[\d.?]+ \* L-[\d.?]+ inch$|^N\/A$/);
}
