// Upload limits and the words for them, in one client-safe module (no `.server`):
// the forms check them in the browser, the actions and the API enforce them while
// streaming, and the worker checks the same numbers. A rule written twice disagrees.

import { MESSAGES } from "./messages.ts";

export const MB = 1024 * 1024;

/** Widths of the image ladder the worker makes (workers/images.ts) and the storefront asks for in srcset; never upscaled. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export const UPLOAD_LIMITS = {
  /** 1 to 5 images per product (docs/product-rules.md, Numbers; the one place this number is written). */
  imagesPerProduct: 5,
  /** Each product image at most 5 MB (docs/product-rules.md, Forms): the rules say it for Edit; Add follows the same rule. */
  productImageBytes: 5 * MB,
  /** Gallery and home display images: the product rules set no size, and phone photos run 5–12 MB. */
  mediaImageBytes: 20 * MB,
  videoBytes: 200 * MB,
  imagesPerGalleryPost: 20,
  /** Text fields are small; a larger one is an attack, not a product description. */
  fieldBytes: 64 * 1024,
  /** The optional title of a gallery image or video (VARCHAR(120), migration 0071). */
  mediaTitleChars: 120,
} as const;

const productImageMB = UPLOAD_LIMITS.productImageBytes / MB;

/** The limits in words, written from the numbers above: forms, the API document and its summaries. */
export const LIMIT_WORDS = {
  productImages: `1 to ${UPLOAD_LIMITS.imagesPerProduct}`,
  productImageSize: `${productImageMB} MB`,
  mediaImageSize: `${UPLOAD_LIMITS.mediaImageBytes / MB} MB`,
  videoSize: `${UPLOAD_LIMITS.videoBytes / MB} MB`,
} as const;

/** The messages for product images (docs/product-rules.md, Forms), the same on Add, Edit and the API. */
export const PRODUCT_IMAGE_MESSAGES = {
  none: "Please upload at least one image",
  tooMany: `You can upload maximum ${UPLOAD_LIMITS.imagesPerProduct} images`,
  tooManyInTotal: (current: number) =>
    `You can upload a maximum of ${UPLOAD_LIMITS.imagesPerProduct} images. You currently have ${current}.`,
  tooLarge: `Some files exceed the ${productImageMB}MB limit. Please upload smaller images.`,
  /** A form sent back without JS for another field's sake: a browser cannot give the chosen files back. */
  notKept: (count: number) => `Your ${count === 1 ? "photo was" : `${count} photos were`} not kept while the form came back: choose ${count === 1 ? "it" : "them"} again.`,
  /** The hint beside a product image input. */
  hint: `JPEG, PNG, WebP or AVIF photos, each at most ${productImageMB} MB.`,
} as const;

/** Which files a multipart field takes, how many, how large, and what a refusal says. */
export interface FileFieldRule {
  kind: "image" | "video";
  maxFiles: number;
  maxBytes: number;
  tooManyMessage?: string;
  tooLargeMessage?: string;
}

const productImages = (tooManyMessage: string): FileFieldRule => ({
  kind: "image",
  maxFiles: UPLOAD_LIMITS.imagesPerProduct,
  maxBytes: UPLOAD_LIMITS.productImageBytes,
  tooManyMessage,
  tooLargeMessage: PRODUCT_IMAGE_MESSAGES.tooLarge,
});

/** The file rules of every upload (admin forms and /api/v1), named once. */
export const UPLOAD_RULES = {
  /** Add product: the `images` field. */
  newProductImages: productImages(PRODUCT_IMAGE_MESSAGES.tooMany),
  /** Edit product, which already has `current` images. */
  moreProductImages: (current: number) => productImages(PRODUCT_IMAGE_MESSAGES.tooManyInTotal(current)),
  /** Gallery or home display images from an admin form (several per post). */
  mediaImages: { kind: "image", maxFiles: UPLOAD_LIMITS.imagesPerGalleryPost, maxBytes: UPLOAD_LIMITS.mediaImageBytes },
  /** One gallery or display image per API call. */
  oneMediaImage: (tooManyMessage: string): FileFieldRule => ({
    kind: "image",
    maxFiles: 1,
    maxBytes: UPLOAD_LIMITS.mediaImageBytes,
    tooManyMessage,
  }),
  video: (tooManyMessage?: string): FileFieldRule => ({ kind: "video", maxFiles: 1, maxBytes: UPLOAD_LIMITS.videoBytes, tooManyMessage }),
} as const satisfies Record<string, FileFieldRule | ((arg: never) => FileFieldRule)>;

/**
 * What the browser can check before sending product images, by the rule the server
 * enforces. Edit passes the images the product keeps and has (its message names them).
 */
export function productImagesProblem(files: readonly { size: number; name?: string; type?: string }[], edit?: { kept: number; current: number }): string | null {
  const tooLarge = files.filter((f) => f.size > UPLOAD_LIMITS.productImageBytes);
  // A large iPhone HEIC photo: the browser could not make it smaller, and a smaller one is refused too.
  if (tooLarge.some((f) => /^image\/hei[cf]$/.test(f.type ?? "") || /\.hei[cf]$/i.test(f.name ?? ""))) return MESSAGES.heic;
  if (tooLarge.length > 0) return PRODUCT_IMAGE_MESSAGES.tooLarge;
  if ((edit?.kept ?? 0) + files.length <= UPLOAD_LIMITS.imagesPerProduct) return null;
  return edit ? PRODUCT_IMAGE_MESSAGES.tooManyInTotal(edit.current) : PRODUCT_IMAGE_MESSAGES.tooMany;
}
