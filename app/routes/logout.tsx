import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "#app/modules/auth/auth.server.ts";

export async function loader() {
  return redirect("/admin");
}

export async function action({ request }: ActionFunctionArgs) {
  return logout(request);
}
