// Every container the video upload accepts, encoded the way a camera or ffmpeg would by
// default (x264's keyframe every 250 frames, so a 3 s clip has one: its first frame):
// accepted at the door, and the worker makes a poster, a preview and a web copy of each.
// H.264 in MPEG-TS used to fail "could not be decoded": the poster's seek found no frame
// (and past 12 s, the preview's); MKV and MPEG program streams were refused at the door.
import { promises as fs } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { parseUpload } from "#app/modules/media/upload.server.ts";
import { makeClip } from "#tests/setup/fixtures.ts";
import { makeVideoVariants } from "#workers/videos.ts";
import { multipart } from "./support-input.ts";

const H264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p"];
/** Container → ffmpeg's own default codecs for it, except where a phone would record H.264. */
const CONTAINERS: Record<string, string[]> = {
  mp4: [...H264, "-c:a", "aac"],
  mov: [...H264, "-c:a", "aac"],
  m4v: [...H264, "-c:a", "aac", "-f", "ipod"],
  "3gp": [...H264, "-c:a", "aac", "-f", "3gp"],
  "3g2": [...H264, "-c:a", "aac", "-f", "3g2"],
  mkv: [...H264, "-c:a", "aac"],
  webm: ["-c:v", "libvpx", "-c:a", "libopus"],
  avi: [],
  mpg: ["-f", "mpeg"],
  ts: [...H264, "-c:a", "aac", "-f", "mpegts"],
};

describe("every accepted video container, default encoder settings", () => {
  const cases = [...Object.entries(CONTAINERS).map(([ext, args]) => [ext, args, 3] as const), ["ts", CONTAINERS.ts!, 14] as const];
  for (const [ext, args, seconds] of cases) {
    it(`${seconds} s .${ext}: accepted by the upload and made into poster, preview and web copy`, async () => {
      const storage = getDiskStorage();
      await storage.ensureDirs();
      const file = storage.scratchPath(ext);
      await makeClip(file, { seconds, size: "320x240", rate: 25, args });
      const form = new FormData();
      form.append("video", new Blob([new Uint8Array(await fs.readFile(file))]), `clip.${ext}`);
      await fs.unlink(file);
      const upload = await parseUpload(multipart("/api/v1/video/add", form), {
        video: UPLOAD_RULES.video(),
      });
      expect(upload.files).toHaveLength(1);
      try {
        const result = await makeVideoVariants(storage.originalPath(upload.files[0]!.key), storage);
        expect(result.variants.find((v) => v.role === "poster")).toMatchObject({ format: "jpeg", width: 320, height: 240 });
        expect(result.variants.map((v) => v.role)).toEqual(expect.arrayContaining(["preview", "web"]));
        expect(result.durationMs).toBeGreaterThan(seconds * 1000 - 500);
      } finally {
        await upload.discard();
      }
    }, 120_000);
  }
});
