// What a person is told when an upload is refused: the same words whether the web
// side's byte sniff or the worker's real check catches it.

export const MESSAGES = {
  heic: "HEIC photos are not supported; please upload JPEG or PNG",
  notImage: "This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or GIF photo.",
  notVideo: "This file is not a supported video. Please upload an MP4, MOV, WebM, MKV, AVI or 3GP video.",
  emptyFile: "The file is empty.",
  storeUnavailable: "The media store cannot be reached just now, so nothing was saved. Please try again in a minute.",
  svg: "SVG drawings are not accepted; please upload a JPEG or PNG photo.",
} as const;
