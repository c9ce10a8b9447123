import { HttpError, type HttpErrorDetails } from "#app/lib/http-error.server.ts";

export const MANAGE_MESSAGES = {
  notFound: "Product not found",
  imageNotFound: "Image not found",
  lastImage: "A product needs at least one image. Upload another before deleting this one.",
  badOrder: "The new order must list every image of the product exactly once.",
  saveFailed: "Failed to save changes. Please try again.",
  deleteImageFailed: "Failed to delete image. Please try again.",
  updated: "Product updated successfully",
  deleted: "Product deleted successfully",
  imageDeleted: "Image deleted successfully",
} as const;

/** A refused product change or a product that is not there, with the HTTP status pages and the API answer. */
export class ManageError extends HttpError {
  constructor(message: string, status: 400 | 404 | 409, details?: HttpErrorDetails) {
    super(status, message, details);
  }
}
