// The gallery, display image and video dashboard screens: one definition, three entries.

export type MediaEntry = "gallery_images" | "videos" | "display_images";

export interface MediaScreen {
  title: string;
  /** The multipart field the upload form sends. */
  field: "image" | "video";
  /** `?status=` after a redirect → the green line. */
  status: Record<string, string>;
  deleteConfirm: string;
  failures: { add: string; delete: string; setCurrent?: string };
}

const RETRIED = "Processing started again";
const TITLED = "Title saved";

export const MEDIA_SCREENS: Record<MediaEntry, MediaScreen> = {
  gallery_images: {
    title: "Upload Gallery",
    field: "image",
    status: { added: "Image added to gallery successfully", deleted: "Image deleted from gallery successfully", retried: RETRIED, titled: TITLED },
    deleteConfirm: "Are you sure you want to delete this image from the gallery?",
    failures: { add: "Failed to add image to gallery", delete: "Failed to delete image from gallery" },
  },
  display_images: {
    title: "Image Upload",
    field: "image",
    status: {
      added: "Display image added successfully",
      deleted: "Display image deleted successfully",
      current: "Display image set successfully",
      retried: RETRIED,
    },
    deleteConfirm: "Are you sure you want to delete this display image?",
    failures: {
      add: "Failed to add image to gallery",
      delete: "Failed to delete image from gallery",
      setCurrent: "Failed to set display image",
    },
  },
  videos: {
    title: "Video Upload",
    field: "video",
    status: {
      added: "Video uploaded successfully. It will appear on the site once processed.",
      deleted: "Video deleted successfully",
      retried: RETRIED,
      titled: TITLED,
    },
    deleteConfirm: "Are you sure you want to delete this video?",
    failures: { add: "Failed to add video", delete: "Failed to delete video" },
  },
};
