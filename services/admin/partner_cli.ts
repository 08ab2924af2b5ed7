/**
 * `deno task partner …`: the operator's commands for partners. The result is printed as
 * one JSON object on the last line of stdout so scripts can read it.
 * @module
 */
import { replaceKeys } from "@hire/accounts";
import type { Sql } from "@hire/db";
import { normaliseEmail, type Plan, PLANS } from "@hire/partners";
import { AdminEmailTaken, createPartner, type IssuedKey, setPlan } from "@hire/tables";
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
      const bad = emails.filter((e) => !normaliseEmail(e));
      if (bad.length) throw new UsageError(`not an e-mail address: ${bad.join(", ")}`);
      const adminEmails = emails.map((e) => normaliseEmail(e)!);
      try {
        return await createPartner(sql, { name, plan, adminEmails });
      } catch (e) {
        if (e instanceof AdminEmailTaken) throw new UsageError(e.message);
        throw e;
      }
    }
    case "rotate-key": {
      if (!values.partner) throw new UsageError("--partner is required");
      const issued = await replaceKeys(sql, {
        partnerId: values.partner,
        actor: { kind: "operator" },
      });
      return { partner_id: values.partner, api_key: issued.apiKey } satisfies IssuedKey;
    }
    case "set-plan": {
      if (!values.partner) throw new UsageError("--partner is required");
      return await setPlan(sql, values.partner, planOf(values.plan));
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
}
