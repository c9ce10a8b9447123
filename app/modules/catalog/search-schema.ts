import { z } from "zod";
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES } from "./search-terms.ts";

/**
 * The search box (GET /search?q=, GET /api/v1/products/search?q=). The header's input
 * takes its maxLength and required from the same constants (importing zod there would
 * put it on every storefront page).
 */
export const searchQuerySchema = z.object({
  q: z.string({ error: SEARCH_MESSAGES.empty }).trim().min(1, SEARCH_MESSAGES.empty).max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
});
