import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { ZodType } from "zod";
import { SESSION_COOKIE_NAME } from "#app/modules/auth/session-cookie.ts";
import type { Endpoint } from "./endpoint.server.ts";
import { availableCollectionEndpoints, trendingEndpoints } from "./lists.server.ts";
import { fixImageEndpoints, galleryEndpoints, videoEndpoints } from "./media.server.ts";
import { productEndpoints } from "./products.server.ts";
import { searchEndpoints } from "./search.server.ts";
import { failureSchema, successSchema } from "./schemas.ts";
import { userEndpoints } from "./user.server.ts";

/** Every call, in the order of the product rules (docs/product-rules.md, API), then the search. */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(productEndpoints),
  ...Object.values(searchEndpoints),
  ...Object.values(galleryEndpoints),
  ...Object.values(videoEndpoints),
  ...Object.values(userEndpoints),
  ...Object.values(trendingEndpoints),
  ...Object.values(availableCollectionEndpoints),
  ...Object.values(fixImageEndpoints),
];

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input (bad id, bad JSON, missing or invalid fields: see `errors`)",
  401: "Not signed in as the admin",
  403: "Refused: a cross-site request",
  404: "No such record",
  405: "Wrong method for this path",
  409: "Conflict (e.g. already in the list)",
  413: "Too large",
  415: "Unsupported content type or file type",
  429: "Too many failed sign-in attempts (see Retry-After)",
  500: "Unexpected failure (message: the call's fallback text)",
  503: "A dependency (database, queue) is down (see Retry-After)",
};

function failureStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set(endpoint.errors);
  if (endpoint.access === "admin") statuses.add(401);
  if (endpoint.method !== "GET") statuses.add(403);
  for (const s of [405, 500, 503]) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

let cached: object | undefined;

/** The OpenAPI 3.1 document, generated from the schemas the routes validate and answer with. */
export function openApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  const cookieAuth = registry.registerComponent("securitySchemes", "adminSession", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description: "Set by POST /user/login; HttpOnly, SameSite=Lax",
  });
  for (const endpoint of ALL_ENDPOINTS) {
    const content: Record<string, { schema: ZodType }> = {};
    if (endpoint.body?.json) {
      content["application/json"] = { schema: endpoint.body.json };
      content["application/x-www-form-urlencoded"] = { schema: endpoint.body.json };
    }
    if (endpoint.body?.multipart) content["multipart/form-data"] = { schema: endpoint.body.multipart };
    registry.registerPath({
      method: endpoint.method.toLowerCase() as "get" | "post" | "put" | "delete",
      path: endpoint.path,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: [endpoint.description, endpoint.access === "admin" ? "Admin only." : "Public."].filter(Boolean).join(" "),
      security: endpoint.access === "admin" ? [{ [cookieAuth.name]: [] }] : [],
      request: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { query: endpoint.query } : {}),
        ...(Object.keys(content).length > 0 ? { body: { required: true, content } } : {}),
      },
      responses: {
        [endpoint.success.status]: {
          description: endpoint.success.description,
          content: { "application/json": { schema: successSchema(endpoint.success.data) } },
        },
        ...Object.fromEntries(
          failureStatuses(endpoint).map((status) => [
            status,
            {
              description: status === 500 ? `${STATUS_TEXT[500]}: '${endpoint.failure}'` : STATUS_TEXT[status]!,
              content: { "application/json": { schema: failureSchema } },
            },
          ]),
        ),
      },
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Dokra workshop API",
      version: "1.0.0",
      description:
        "Every answer is JSON: `{success: true, data, message?}` or `{success: false, message, errors?}`. Calls send the session cookie; admin calls answer 401 without it; cross-site POST, PUT and DELETE are refused with 403.",
    },
    servers: [{ url: "/api/v1" }],
  });
  return cached;
}
