import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { addWebFonts } from "#app/modules/i18n/web-fonts.ts";

// The page's scripts run once its first screen has settled (patches/README.md): now the
// Bengali or Devanagari web font may load without competing with it.
addWebFonts();

// The code of the on-demand parts this page shows (app/components/ui/on-demand.tsx; their route
// modules, loaded before this one, registered them) comes first, so hydration finds every part it
// needs; a kept part (data-keep) stays the server's HTML and needs none. If it cannot be loaded,
// the page stays as the server sent it: it works as without JavaScript.
const partsShown = [...document.querySelectorAll<HTMLElement>("[data-on-demand]:not([data-keep])")].map((part) => globalThis.onDemandParts?.get(part.dataset.onDemand ?? "")?.());
Promise.all(partsShown).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  () => undefined,
);
