/** What the pages of one webhook share: the webhook their path names, and who acts on it. */
import type { WebhookAction } from "@hire/accounts";
import type { Actor } from "@hire/tables";
import type { WebhookRow } from "@hire/webhooks";
import type { Context } from "hono";
import type { Session, SignedInEnv } from "../env.ts";

/** A request under `/webhooks/:id`, past the lookup: the partner's webhook is there. */
export interface WebhookEnv {
  Variables: SignedInEnv["Variables"] & { webhook: WebhookRow };
}

/** The signed-in person, as the audit log records them. */
export function userActor(session: Session): Actor {
  return { kind: "user", id: session.user.id, label: session.user.email };
}

/** The path's webhook of the session's partner, with who acts: what each change takes. */
export function webhookAction(c: Context<WebhookEnv>): WebhookAction {
  const session = c.get("session");
  return { partnerId: session.partner.id, id: c.get("webhook").id, actor: userActor(session) };
}
