import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getAdmin } from "#app/modules/auth/auth.server.ts";
import type { AdminUser } from "#app/modules/auth/users.server.ts";
import { SHARED_PAGE_CACHE_CONTROL } from "#app/modules/site/page-cache-limits.ts";
import { ApiError, toFailure } from "./envelope.server.ts";

// One /api/v1 call: its contract (for the routes and the OpenAPI document) and its handler.

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CallContext {
  request: Request;
  params: LoaderFunctionArgs["params"];
  /** The signed-in admin, or null for a guest (admin-only calls never run for a guest). */
  admin: AdminUser | null;
}

export interface Endpoint {
  method: Method;
  /** Under /api/v1, OpenAPI style: /products/getProductById/{id} */
  path: string;
  tag: "Products" | "Gallery" | "Videos" | "User" | "Trending" | "Available collections" | "Home display images";
  summary: string;
  description?: string;
  /** admin: 401 without the admin session. public: anyone; admins may see more (documented per call). */
  access: "public" | "admin";
  /** The fallback text (docs/product-rules.md, Errors): the message of an unexpected failure. */
  failure: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { json?: z.ZodType; multipart?: z.ZodType };
  success: { status: 200 | 201; description: string; data: z.ZodType };
  /** Failure statuses this call answers besides the common ones (401 for admin calls, 405, 500, 503). */
  errors: number[];
  handle(context: CallContext): Promise<Response>;
}

export function defineEndpoint(endpoint: Endpoint): Endpoint {
  return endpoint;
}

async function run(endpoint: Endpoint, { request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  try {
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (method !== endpoint.method) {
      throw new ApiError(405, `Method ${request.method} is not allowed here: use ${endpoint.method}.`, undefined, {
        Allow: endpoint.method === "GET" ? "GET, HEAD" : endpoint.method,
      });
    }
    const admin = await getAdmin(request);
    if (endpoint.access === "admin" && !admin) throw new ApiError(401, "Please sign in as the admin to use this call.");
    const response = await endpoint.handle({ request, params, admin });
    // A public read is the same for every guest: the page cache may share it. A signed-in
    // admin's read of it read the session, so the server keeps that answer private.
    if (method === "GET" && endpoint.access === "public" && response.ok) response.headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
    return response;
  } catch (error) {
    return toFailure(error, endpoint.failure);
  }
}

/** The route's `loader` (GET, HEAD): other methods reach `action`. */
export const apiLoader = (endpoint: Endpoint) => (args: LoaderFunctionArgs) => run(endpoint, args);
/** The route's `action` (POST, PUT, DELETE, …): a wrong method is a 405. */
export const apiAction = (endpoint: Endpoint) => (args: ActionFunctionArgs) => run(endpoint, args);
