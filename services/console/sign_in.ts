/**
 * Sending a sign-in link, apart from the page that asks for it: the page answers at once
 * and the same whatever the address, and the lookup, the token and the e-mail happen after
 * it, so neither the answer nor its timing says whether an address has an account.
 * @module
 */
import type { Sql } from "@hire/db";
import type { ClientLimiter } from "@hire/http";
import type { Logger } from "@hire/log";
import type { Mailer } from "@hire/mail";
import { findUserByEmail, insertSignInToken } from "@hire/tables";
import { signInMail } from "./sign_in_mail.ts";
import { hashToken, newToken } from "./tokens.ts";

/** What sending a link needs. */
export interface SignInDeps {
  sql: Sql;
  /** Unset: no e-mail can be sent (development logs the link instead). */
  mailer?: Mailer;
  log: Logger;
  baseUrl: string;
  linkTtlMs: number;
  /** Links per address (keyed by the address). */
  perAddress: ClientLimiter;
  /** Development only: without a mailer, log the link so a developer can sign in. */
  logLinks: boolean;
}

/**
 * Sends a link to `email` (normalised) when it belongs to someone and the address has not
 * had too many lately; else does nothing. Never throws: failures are logged.
 */
export async function sendSignInLink(
  deps: SignInDeps,
  request: { email: string; next: string },
): Promise<void> {
  try {
    if (!deps.perAddress.take(request.email).allowed) {
      deps.log.warn("sign-in links for one address over the limit", { email: request.email });
      return;
    }
    const user = await findUserByEmail(deps.sql, request.email);
    if (!user) return;
    const token = newToken();
    await insertSignInToken(deps.sql, {
      hash: await hashToken(token),
      userId: user.id,
      ttlMs: deps.linkTtlMs,
    });
    const link = new URL("/sign-in/link", deps.baseUrl);
    link.searchParams.set("token", token);
    if (request.next !== "/") link.searchParams.set("next", request.next);
    if (!deps.mailer) {
      if (deps.logLinks) {
        deps.log.info("development: sign-in link (no SMTP_URL)", { link: link.href });
      } else deps.log.error("no SMTP_URL: a sign-in link could not be sent", { user_id: user.id });
      return;
    }
    await deps.mailer.send(
      signInMail({
        to: user.email,
        link: link.href,
        ttlMinutes: Math.round(deps.linkTtlMs / 60_000),
      }),
    );
  } catch (err) {
    deps.log.error("sign-in link not sent", { err, email: request.email });
  }
}

/** Work started by a request and finished after its answer; awaited at shutdown and in tests. */
export interface Background {
  run(task: () => Promise<void>): void;
  /** Resolves when every task started so far has finished. */
  settled(): Promise<void>;
}

/** A set of background tasks. */
export function createBackground(): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      const p = task().finally(() => pending.delete(p));
      pending.add(p);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
