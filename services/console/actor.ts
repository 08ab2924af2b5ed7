/** Who acts in the console, as the audit log records them. */
import type { Actor } from "@hire/tables";
import type { Session } from "./env.ts";

/** The signed-in person: their id, and their address as the log shows it. */
export function userActor(session: Session): Actor {
  return { kind: "user", id: session.user.id, label: session.user.email };
}
