import { Suspense, createElement, useEffect, useState, type ComponentType } from "react";

declare global {
  /**
   * Each on-demand part's loader, by name. The browser's entry (app/entry.client.tsx) reads it
   * without importing this module, which then stays out of the pages that show no such part.
   */
  var onDemandParts: Map<string, () => Promise<unknown>> | undefined;
}
const loaders = (globalThis.onDemandParts ??= new Map());
/** Set once a part's first render in the browser is committed: the page's hydration, or a render after it. */
let pageHydrated = false;

/**
 * A component whose code is its own file, loaded only on the pages that show it
 * (docs/decisions/124-code-only-for-what-the-page-shows.md): a sold piece's notify form is not
 * in an available piece's scripts. The server renders it as any component. In the browser, its
 * code is loaded before the page hydrates when the server's HTML shows it (app/entry.client.tsx),
 * and on demand when a later render first shows it (a client navigation, or a control that
 * appears after hydration), with nothing in its place for that moment. `name` is the file's name
 * (`notify-form` for notify-form.tsx): bench/js-budget.ts finds the part's file by it.
 *
 * A part made with `keep` works without JavaScript (a plain form, plain links). Where the server's
 * HTML holds it, the page keeps that HTML as it is, never hydrated, and does not load its code
 * (decision 129, as app/components/ui/server-html.tsx does for the home page). A part first shown
 * by a later render loads its code as any part does. Give a kept part a `key` that changes with
 * what it shows: rendered again with other props in the same place, it stays as it was.
 */
export function onDemand<P extends object>(name: string, load: () => Promise<ComponentType<P>>, { keep = false } = {}): ComponentType<P> {
  let component: ComponentType<P> | null = null;
  let failed = false;
  let loading: Promise<unknown> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    ));
  // Set again when a development reload evaluates the module anew.
  loaders.set(name, preload);
  function Loaded(props: P) {
    if (component) return createElement(component, props);
    // Code that could not be loaded leaves the part out: React renders again when the promise
    // settles, and asking again there would send request after request.
    if (failed) return null;
    throw preload();
  }
  function OnDemand(props: P) {
    const [kept] = useState(() => keep && !pageHydrated && typeof document !== "undefined" && document.querySelector(`[data-on-demand="${name}"]`) !== null);
    useEffect(() => {
      pageHydrated = true;
    }, []);
    if (kept) return <div data-on-demand={name} data-keep="" className="contents" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
    return (
      <div data-on-demand={name} data-keep={keep ? "" : undefined} className="contents">
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </div>
    );
  }
  OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}

/** Loads every on-demand part (the server, before it renders a page, so none is ever missing from the HTML). */
export function loadAllParts(): Promise<unknown> {
  return Promise.all([...loaders.values()].map((load) => load()));
}
