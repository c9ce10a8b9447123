import type { MetaFunction } from "@remix-run/node";
import { PolicyPage, policyMeta } from "#app/components/shop/policy-page.tsx";
import { POLICIES } from "#app/modules/site/policies.ts";

const policy = POLICIES["refund-and-returns-policy"];

export default function Policy() {
  return <PolicyPage policy={policy} />;
}

export const meta: MetaFunction = ({ matches }) => policyMeta(policy, matches);
