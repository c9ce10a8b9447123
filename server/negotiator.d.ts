// The part of negotiator 0.6.4 (the one `compression` uses) that the page cache calls. Its
// `encoding()` takes the server's own order for ties, which @types/negotiator does not declare.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` for the request's Accept-Encoding (q-values first, then `preferred`'s order). */
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}
