import type { Migration } from "kysely";
import * as m0001 from "./0001_init.ts";
import * as m0002 from "./0002_products_name_index.ts";
import * as m0010 from "./0010_demo_seed.ts";
import * as m0060 from "./0060_home_slides.ts";
import * as m0070 from "./0070_contact_phone.ts";
import * as m0071 from "./0071_media_titles.ts";
import * as m0080 from "./0080_products_search.ts";
import * as m0090 from "./0090_product_form_tokens.ts";
import * as m0100 from "./0100_product_states.ts";
import * as m0101 from "./0101_waiting_buyers.ts";
import * as m0110 from "./0110_products_version.ts";
import * as m0120 from "./0120_interest.ts";
import * as m0130 from "./0130_backups.ts";
import * as m0140 from "./0140_commissions.ts";
import * as m0150 from "./0150_shop_settings.ts";
import * as m0151 from "./0151_pending_uploads.ts";
import * as m0160 from "./0160_product_translations.ts";
import * as m0161 from "./0161_translation_search_text.ts";
import * as m0162 from "./0162_waiting_buyer_lang.ts";
import * as m0163 from "./0163_contact_message_lang.ts";

/** Every migration, in order. Imported statically so tsx, vitest and bundlers all load them. */
export const migrations: Record<string, Migration> = {
  "0001_init": m0001,
  "0002_products_name_index": m0002,
  "0010_demo_seed": m0010,
  "0060_home_slides": m0060,
  "0070_contact_phone": m0070,
  "0071_media_titles": m0071,
  "0080_products_search": m0080,
  "0090_product_form_tokens": m0090,
  "0100_product_states": m0100,
  "0101_waiting_buyers": m0101,
  "0110_products_version": m0110,
  "0120_interest": m0120,
  "0130_backups": m0130,
  "0140_commissions": m0140,
  "0150_shop_settings": m0150,
  "0151_pending_uploads": m0151,
  "0160_product_translations": m0160,
  "0161_translation_search_text": m0161,
  "0162_waiting_buyer_lang": m0162,
  "0163_contact_message_lang": m0163,
};
