/**
 * A neutral brass-coloured picture for missing or broken images (inline, no request). It has no
 * words, so it suits every language's page: the image's alt text says what is missing.
 */
export const PLACEHOLDER_SRC =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f5ebcc"/><g fill="none" stroke="#b9832a" stroke-width="10" stroke-linecap="round"><rect x="100" y="120" width="200" height="160" rx="12"/><circle cx="160" cy="170" r="16"/><path d="M106 262l64-58 42 38 28-24 54 44" stroke-linejoin="round"/></g></svg>',
  );
