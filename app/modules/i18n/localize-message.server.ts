import type { Lang } from "./languages.ts";
import { stringsFor } from "./strings.server.ts";
import { translator } from "./translate.ts";

// Schemas and rules keep their English messages (the API and the English pages show them as
// they are). A Bengali or Hindi page finds which text of its part a message is, by matching it
// against the part's English texts, and shows that text in its own language.

type Pattern = { key: string; re: RegExp; names: string[] };

const patterns = new Map<string, Pattern[]>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function patternsOf(part: string): Pattern[] {
  let list = patterns.get(part);
  if (list) return list;
  // A text that is only placeholders and punctuation would match anything.
  const telling = Object.entries(stringsFor("en", [part])[part]!).filter(([, text]) => /\p{L}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, "")));
  list = telling.map(([key, text]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((piece) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
        if (!name) return escape(piece);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { key: key.replace(/_(zero|one|two|few|many|other)$/, ""), re: new RegExp(`^${source}$`, "s"), names };
  });
  patterns.set(part, list);
  return list;
}

/** An English message in a page's language, when it is one of the part's texts; otherwise as it is. */
export function localizeMessage(lang: Lang, part: string, message: string): string {
  if (lang === "en") return message;
  for (const { key, re, names } of patternsOf(part)) {
    const match = re.exec(message);
    if (!match) continue;
    const vars = Object.fromEntries(names.map((name, i) => [name, name === "count" ? Number(match[i + 1]) : match[i + 1]!]));
    return translator(lang, stringsFor(lang, [part])[part]!)(key, vars);
  }
  return message;
}

/** Every message of a form's field errors in the page's language. */
export function localizeErrors(lang: Lang, part: string, errors: Partial<Record<string, string[]>>): Partial<Record<string, string[]>> {
  if (lang === "en") return errors;
  return Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages?.map((m) => localizeMessage(lang, part, m))]));
}
