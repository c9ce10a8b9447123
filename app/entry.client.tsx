import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { addWebFonts } from "#app/modules/i18n/web-fonts.ts";

// The page's scripts run once its first screen has settled (patches/README.md): now the
// Bengali or Devanagari web font may load without competing with it.
addWebFonts();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
