import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { countUnreadMessages } from "#app/modules/contact/admin.server.ts";

export const DASHBOARD_MENU = [
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/dashboard/upload", label: "Upload" },
  { to: "/dashboard/all-products", label: "All Products" },
  { to: "/dashboard/trending", label: "Gift Items" },
  { to: "/dashboard/stock-products", label: "Stock Products" },
  { to: "/dashboard/upload-gallery", label: "Upload Gallery" },
  { to: "/dashboard/image-upload", label: "Image Upload" },
  { to: "/dashboard/video-upload", label: "Video Upload" },
  { to: "/dashboard/catalogue-feeds", label: "Catalogue Feeds" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admin, unread: await countUnreadMessages() };
}

export const meta: MetaFunction = () => [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];

export default function DashboardLayout() {
  const { admin, unread } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen md:flex">
      <aside className="bg-brass-900 text-brass-50 md:w-56 md:shrink-0">
        <p className="px-4 py-4 font-serif text-lg">Dokra Admin</p>
        <nav aria-label="Dashboard">
          <ul className="flex flex-wrap gap-1 px-2 pb-3 md:flex-col">
            {DASHBOARD_MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={"end" in item}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 text-sm ${isActive ? "bg-brass-700 font-semibold" : "hover:bg-brass-800"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex-1">
        <header className="flex items-center justify-end gap-4 border-b border-brass-200 bg-white px-4 py-2 text-sm">
          <Link to="/dashboard/messages" className="underline">
            Messages{unread > 0 ? ` (${unread} unread)` : ""}
          </Link>
          <span>{admin.email}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded border border-brass-700 px-3 py-1">
              Sign out
            </button>
          </Form>
        </header>
        <main id="main" className="p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
