// What a person is told when an upload is refused: the same words whether the web
// side's byte sniff or the worker's real check catches it.

export const MESSAGES = {
  heic: "HEIC photos are not supported. Please upload a JPEG, PNG, WebP, AVIF or GIF photo (an iPhone takes JPEG photos with Settings › Camera › Formats › Most Compatible).",
  notImage: "This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or GIF photo.",
  notVideo: "This file is not a supported video. Please upload an MP4, MOV, WebM, MKV, AVI or 3GP video.",
  emptyFile: "The file is empty.",
  storeUnavailable: "The media store cannot be reached just now, so nothing was saved. Please try again in a minute.",
  svg: "SVG drawings are not accepted; please upload a JPEG or PNG photo.",
  damagedImage: "The image file is damaged or incomplete and cannot be read.",
  tooManyPixels: (maxPixels: number) => `The image is too large (more than ${maxPixels / 1_000_000} megapixels).`,
} as const;

/** The fields and words of photos kept while a product form comes back refused (pending.server.ts). */
export const PENDING_FIELDS = { ref: "pendingRef", remove: "removePending" } as const;

export const PENDING_MESSAGES = {
  heading: "Photos already received",
  kept: (count: number) =>
    `${count === 1 ? "Your photo was" : `Your ${count} photos were`} kept: correct what is marked in red and save; there is no need to choose ${count === 1 ? "it" : "them"} again.`,
  remove: "Remove",
  thumbnailAlt: (name: string) => `Photo already received: ${name}`,
  addMore: "You can add more photos below.",
} as const;
