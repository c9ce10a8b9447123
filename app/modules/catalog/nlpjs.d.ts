// The stemmers of nlp.js's Hindi and Bengali packages (CommonJS, without types), as
// app/modules/catalog/search-stems.server.ts uses them.
declare module "@nlpjs/lang-hi" {
  export class StemmerHi {
    stem(word: string): string;
  }
}
declare module "@nlpjs/lang-bn" {
  export class StemmerBn {
    stem(word: string): string;
  }
}
