/**
 * `deno task partner …`: the operator's commands for partners. The result is printed as
 * one JSON object on the last line of stdout so scripts can read it.
 * @module
 */
import type { Sql } from "@hire/db";
import { type Plan, PLANS } from "@hire/partners";
import { createPartner, rotateKey, setPlan } from "@hire/tables";
import { parseArgs } from "node:util";

/** Usage text. */
export const USAGE = `usage:
  deno task partner create --name NAME --plan sandbox|growth|scale --admin-email EMAIL [--admin-email EMAIL …]
  deno task partner rotate-key --partner PARTNER_ID
  deno task partner set-plan --partner PARTNER_ID --plan sandbox|growth|scale`;

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

function planOf(value: string | undefined): Plan {
  if (!PLANS.includes(value as Plan)) {
    throw new UsageError(`--plan must be one of ${PLANS.join(", ")}`);
  }
  return value as Plan;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Runs one command; returns the JSON object to print. */
export async function runPartnerCommand(sql: Sql, argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: "string" },
      plan: { type: "string" },
      "admin-email": { type: "string", multiple: true },
      partner: { type: "string" },
    },
    strict: true,
  });
  switch (command) {
    case "create": {
      const name = values.name?.trim();
      if (!name) throw new UsageError("--name is required");
      const plan = planOf(values.plan);
      const emails = values["admin-email"] ?? [];
      if (emails.length === 0) throw new UsageError("at least one --admin-email is required");
      const bad = emails.filter((e) => !EMAIL.test(e));
      if (bad.length) throw new UsageError(`not an e-mail address: ${bad.join(", ")}`);
      return await createPartner(sql, { name, plan, adminEmails: emails });
    }
    case "rotate-key": {
      if (!values.partner) throw new UsageError("--partner is required");
      return await rotateKey(sql, values.partner);
    }
    case "set-plan": {
      if (!values.partner) throw new UsageError("--partner is required");
      return await setPlan(sql, values.partner, planOf(values.plan));
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
}
