/** What the pages of one webhook share: the webhook their path names, and who acts on it. */
import type { WebhookAction } from "@hire/accounts";
import type { WebhookRow } from "@hire/webhooks";
import type { Context } from "hono";
import { userActor } from "../actor.ts";
import type { SignedInEnv } from "../env.ts";

/** A request under `/webhooks/:id`, past the lookup: the partner's webhook is there. */
export interface WebhookEnv {
  Variables: SignedInEnv["Variables"] & { webhook: WebhookRow };
}

/** The path's webhook of the session's partner, with who acts: what each change takes. */
export function webhookAction(c: Context<WebhookEnv>): WebhookAction {
  const session = c.get("session");
  return { partnerId: session.partner.id, id: c.get("webhook").id, actor: userActor(session) };
}
