import { getEnv } from "#app/env.server.ts";

/** The shop's public details (the product rules leave them open; they come from the environment). */
export interface ShopSettings {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  addressLine: string;
  worksAddress: string;
  showroomAddress: string;
  mapQuery: string;
  publicUrl: string;
  social: { instagram: string; facebook: string; youtube: string; x: string };
}

export function getShopSettings(): ShopSettings {
  const env = getEnv();
  return {
    name: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    whatsapp: env.SHOP_WHATSAPP,
    email: env.SHOP_EMAIL,
    addressLine: env.SHOP_ADDRESS_LINE,
    worksAddress: env.SHOP_WORKS_ADDRESS,
    showroomAddress: env.SHOP_SHOWROOM_ADDRESS,
    mapQuery: env.SHOP_MAP_QUERY,
    publicUrl: env.PUBLIC_URL,
    social: {
      instagram: env.SOCIAL_INSTAGRAM,
      facebook: env.SOCIAL_FACEBOOK,
      youtube: env.SOCIAL_YOUTUBE,
      x: env.SOCIAL_X,
    },
  };
}
