import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field } from "#app/components/admin/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { refused } from "#app/lib/http-error.server.ts";
import {
  authenticator,
  requireAnonymous,
  safeRedirect,
  signInCookies,
} from "#app/modules/auth/auth.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const form = await request.clone().formData();
  const email = String(form.get("email") ?? "");
  try {
    const user = await authenticator.authenticate("form", request);
    return redirect(safeRedirect(form.get("redirectTo")), { headers: await signInCookies(user, request) });
  } catch (error) {
    return refused(error, (message) => ({ error: message, email }));
  }
}

export const meta: MetaFunction = () => [{ title: "Admin sign in" }, { name: "robots", content: "noindex" }];

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="font-serif text-3xl text-brass-800">Admin sign in</h1>
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded border border-red-300 bg-red-50 p-3 text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton pending={submitting} pendingText="Signing in…" className="w-full rounded bg-brass-700 px-4 py-2 font-medium text-white disabled:opacity-60">
          Sign in
        </SubmitButton>
      </Form>
    </main>
  );
}
