const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

/** Text or an attribute value for XML (the sitemap, the catalogue feeds). */
export const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ENTITIES[c]!);
