import type { LinksFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { useNonce } from "./components/nonce.tsx";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader() {
  return { shop: getShopSettings(), year: new Date().getFullYear() };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7b4c20" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-brass-50 text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-brass-800">{notFound ? "Page Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-brass-900/80">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "We could not show this page just now. Please try again in a moment."}
      </p>
      <p className="mt-8 flex justify-center gap-4">
        <Link className="rounded bg-brass-700 px-4 py-2 text-white" to="/">
          Return Home
        </Link>
        <Link className="rounded border border-brass-700 px-4 py-2 text-brass-800" to="/contact">
          Contact Support
        </Link>
      </p>
    </main>
  );
}
