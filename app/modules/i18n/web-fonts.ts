// The Bengali and Devanagari web faces for pages with JavaScript (app/fonts.css declares them
// inside `@media (scripting: none)` for pages without). Called once the first screen has
// settled: a face added now loads only if the page shows its script, and the text already on
// screen in the phone's own font swaps to it.

/** FontFace's descriptors and the @font-face properties they are read from. */
const DESCRIPTORS = { style: "font-style", weight: "font-weight", display: "font-display", unicodeRange: "unicode-range" } as const;

/** The @font-face rules of the stylesheets' `@media (scripting: none)` blocks. */
function facesForPagesWithoutScripts(): CSSFontFaceRule[] {
  const faces: CSSFontFaceRule[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSMediaRule) || !/scripting:\s*none/.test(rule.conditionText)) continue;
      for (const inner of Array.from(rule.cssRules)) if (inner instanceof CSSFontFaceRule) faces.push(inner);
    }
  }
  return faces;
}

export function addWebFonts(): void {
  if (typeof FontFace !== "function") return;
  for (const rule of facesForPagesWithoutScripts()) {
    const family = rule.style.getPropertyValue("font-family").replace(/^["']|["']$/g, "");
    const src = rule.style.getPropertyValue("src");
    if (!family || !src) continue;
    const descriptors: FontFaceDescriptors = {};
    for (const [name, property] of Object.entries(DESCRIPTORS)) {
      const value = rule.style.getPropertyValue(property);
      if (value) (descriptors as Record<string, string>)[name] = value;
    }
    document.fonts.add(new FontFace(family, src, descriptors));
  }
}
