import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { POLICIES, privacyPolicy } from "./policies.ts";

// Personal details are kept only as long as the privacy policy says: it names the backups' keep.

describe("the privacy policy", () => {
  const backupsParagraph = (keep: { daily: number; weekly: number }) => privacyPolicy(keep).sections.flatMap((s) => s.paragraphs).find((p) => p.includes("copied every day"));

  it("says how long backups keep a deleted detail, from the retention the shop runs with", () => {
    const env = parseEnv({});
    expect(backupsParagraph({ daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY })).toContain(`the last ${env.BACKUP_KEEP_DAILY} days and of the last ${env.BACKUP_KEEP_WEEKLY} weeks:`);
    expect(backupsParagraph({ daily: 1, weekly: 0 })).toContain("the last 1 day:");
    expect(backupsParagraph({ daily: 1, weekly: 0 })).not.toContain("week");
  });

  it("keeps the rest of the policy as it is", () => {
    const policy = privacyPolicy({ daily: 7, weekly: 4 });
    expect(policy.sections.map((s) => s.heading)).toEqual(POLICIES["privacy-policy"].sections.map((s) => s.heading));
    expect(policy.sections[0]!.paragraphs.slice(0, -1)).toEqual(POLICIES["privacy-policy"].sections[0]!.paragraphs);
  });
});
