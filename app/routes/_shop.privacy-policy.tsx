import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage, policyMeta } from "#app/components/shop/policy-page.tsx";
import { getEnv } from "#app/env.server.ts";
import { privacyPolicy } from "#app/modules/site/policies.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";

// The text comes through the loader, so it is sent once (in the HTML), not again as JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  return { policy: privacyPolicy({ daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY }), ...pageStrings(request, "policy") };
}

export default function Policy() {
  return <PolicyPage policy={useLoaderData<typeof loader>().policy} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? policyMeta(data.policy, data.strings.policy!, matches) : []);
