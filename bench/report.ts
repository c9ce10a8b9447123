// Rows of bench/RESULTS.md and their formatting.

export interface Row {
  /** What was measured. */
  name: string;
  ours: string;
  baseline: string;
  /** ours/baseline (or the measured figure for absolute targets), formatted. */
  ratio: string;
  target: string;
  pass: boolean | null;
  /** A short explanation, given where the row fails (or needs context). */
  note?: string;
}

export interface Section {
  title: string;
  /** How it was measured: one or two sentences above the table. */
  method: string;
  rows: Row[];
  /** Extra tables or lines below (raw figures). */
  details?: string[];
}

export const fmt = {
  n: (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a"),
  ms: (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : "n/a"),
  ratio: (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a"),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
};

const verdict = (pass: boolean | null) => (pass === null ? "—" : pass ? "PASS" : "**FAIL**");

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

export function renderSection(section: Section): string {
  const lines = [
    `## ${section.title}`,
    "",
    section.method,
    "",
    "| measurement | ours | baseline | ratio / figure | target | result |",
    "|---|---|---|---|---|---|",
    ...section.rows.map((r) =>
      `| ${cell(r.name)} | ${cell(r.ours)} | ${cell(r.baseline)} | ${cell(r.ratio)} | ${cell(r.target)} | ${verdict(r.pass)} |`,
    ),
  ];
  const notes = section.rows.filter((r) => r.note);
  if (notes.length) {
    lines.push("");
    for (const r of notes) lines.push(`- **${r.name}**: ${r.note}`);
  }
  if (section.details?.length) lines.push("", ...section.details);
  return lines.join("\n");
}

/** A section for a row group that could not run, so the report says why instead of omitting it. */
export function failedSection(title: string, error: unknown): Section {
  const message = error instanceof Error ? error.message : String(error);
  return {
    title,
    method: "The measurement did not complete.",
    rows: [{ name: title, ours: "n/a", baseline: "n/a", ratio: "n/a", target: "—", pass: false, note: message.slice(0, 500) }],
  };
}
