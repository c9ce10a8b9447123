import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BackupWarningBanner } from "#app/components/admin/backup-card.tsx";
import { skipRevalidationWhenSignedOut } from "#app/components/admin/signed-out-note.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { backupWarningNow } from "#app/modules/backup/status.server.ts";
import { countUnreadMessages } from "#app/modules/contact/admin.server.ts";

/** The eight entries (docs/product-rules.md, Pages); Messages (header) and Catalogue Feeds (the overview) are reached from elsewhere. */
export const DASHBOARD_MENU = [
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/dashboard/upload", label: "Upload" },
  { to: "/dashboard/all-products", label: "All Products" },
  { to: "/dashboard/trending", label: "Gift Items" },
  { to: "/dashboard/stock-products", label: "Stock Products" },
  { to: "/dashboard/upload-gallery", label: "Upload Gallery" },
  { to: "/dashboard/image-upload", label: "Image Upload" },
  { to: "/dashboard/video-upload", label: "Video Upload" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [unread, backupWarning] = await Promise.all([countUnreadMessages(), backupWarningNow()]);
  return { admin, unread, backupWarning };
}

export const meta: MetaFunction = () => [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];

export const shouldRevalidate = skipRevalidationWhenSignedOut;

type MenuItem = (typeof DASHBOARD_MENU)[number];

const isCurrent = (item: MenuItem, pathname: string) =>
  pathname === item.to || (!("end" in item) && pathname.startsWith(`${item.to}/`));

function DashboardNav({ className }: { className: string }) {
  return (
    <nav aria-label="Dashboard">
      <ul className={className}>
        {DASHBOARD_MENU.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={"end" in item}
              className={({ isActive }) =>
                `flex min-h-11 items-center whitespace-nowrap rounded px-3 text-sm ${isActive ? "bg-brass-700 font-semibold" : "hover:bg-brass-800"}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On a phone the menu is one line that opens (a <details>, so it works without JavaScript). */
function PhoneMenu() {
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  const current = DASHBOARD_MENU.find((item) => isCurrent(item, location.pathname));
  return (
    <details ref={ref} className="md:hidden" data-testid="admin-phone-menu">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-3 px-4">
        <span className="font-serif text-lg">Dokra Admin</span>
        <span className="whitespace-nowrap rounded border border-brass-300 px-3 py-1 text-sm">Menu{current ? `: ${current.label}` : ""}</span>
      </summary>
      <DashboardNav className="grid grid-cols-2 gap-1 px-2 pb-3" />
    </details>
  );
}

export default function DashboardLayout() {
  const { admin, unread, backupWarning } = useLoaderData<typeof loader>();
  // The dashboard's scripts run as soon as its first screen is on it, not at the owner's first
  // touch as the storefront's do (patches/README.md): the photo she picks first is made smaller
  // before it is sent, and a save shows its progress.
  return (
    <div className="min-h-screen md:flex" data-scripts="at-once">
      <aside className="bg-brass-900 text-brass-50 md:w-56 md:shrink-0">
        <PhoneMenu />
        <div className="hidden md:block">
          <p className="px-4 py-4 font-serif text-lg">Dokra Admin</p>
          <DashboardNav className="flex flex-col gap-1 px-2 pb-3" />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-end gap-4 border-b border-brass-200 bg-white px-4 py-1 text-sm">
          <Link to="/dashboard/messages" className="inline-flex min-h-11 items-center whitespace-nowrap underline" data-testid="messages-link">
            Messages{unread > 0 ? ` (${unread} unread)` : ""}
          </Link>
          <Link to="/dashboard/waiting" className="inline-flex min-h-11 items-center whitespace-nowrap underline" data-testid="waiting-link">
            Waiting buyers
          </Link>
          <span className="hidden min-w-0 truncate sm:inline">{admin.email}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="min-h-11 whitespace-nowrap rounded border border-brass-700 px-3">
              Sign out
            </button>
          </Form>
        </header>
        <main id="main" className="p-4 md:p-6">
          <BackupWarningBanner warning={backupWarning} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
