/** What the console's signed-in pages need, built once by app.ts. */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import type { Mailer } from "@hire/mail";
import type { ConsoleSettings } from "./config.ts";
import type { Background } from "./sign_in.ts";

/** The dependencies of every page's routes. */
export interface PagesDeps extends ConsoleSettings {
  sql: Sql;
  log: Logger;
  /** Unset: no e-mail can be sent (invitations are still made). */
  mailer?: Mailer;
  /** Work finished after the answer (e-mails). */
  background: Background;
}
