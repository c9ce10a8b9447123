/** A neutral brass-coloured picture for missing or broken images (inline, no request). */
export const PLACEHOLDER_SRC =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f5ebcc"/><g fill="none" stroke="#b9832a" stroke-width="10" stroke-linecap="round"><circle cx="200" cy="170" r="60"/><path d="M110 300c30-50 150-50 180 0"/></g><text x="200" y="360" font-family="Georgia,serif" font-size="28" text-anchor="middle" fill="#7b4c20">No image</text></svg>',
  );
