/**
 * For the console's tests (`services/console`, `tests/console_*`): the app on the test database (as the console's own role, so a
 * missing grant fails a test), partners with people of each role, and signed-in clients
 * that carry a session cookie and their forms' CSRF token as a browser would.
 * @module
 */
import { connect, SERVICE_ROLES, type Sql } from "@hire/db";
import { createLogger } from "@hire/log";
import type { Mailer, MailMessage } from "@hire/mail";
import type { Plan, UserRole } from "@hire/partners";
import { createPartner, insertSession, insertUser } from "@hire/tables";
import { type ConsoleDeps, createApp } from "@hire/console-service/app.ts";
import { consoleSettings, loadConsoleConfig } from "@hire/console-service/config.ts";
import { loadStylesheet } from "@hire/console-service/routes/assets.ts";
import { createBackground } from "@hire/console-service/sign_in.ts";
import { hashToken, newToken } from "@hire/console-service/tokens.ts";
import { TEST_ENV } from "./stack.ts";
import { TEST_DATABASE_URL } from "./database_url.ts";

/** The base URL the test app believes it is served at (forms must come from its origin). */
export const BASE_URL = "http://127.0.0.1:8082";

/** A signed-in person of a test partner. */
export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  /** The cookie header value of the person's session. */
  cookie: string;
  csrf: string;
}

/** A partner with one person of each role, signed in. */
export interface TestPartner {
  partnerId: string;
  apiKey: string;
  admin: TestUser;
  developer: TestUser;
  viewer: TestUser;
}

/** The console under test. */
export interface TestConsole {
  app: ReturnType<typeof createApp>;
  /** The owner's connection (tests read and arrange with it). */
  sql: Sql;
  deps: ConsoleDeps;
  /** E-mails the console sent. */
  mail: MailMessage[];
  partner(plan?: Plan): Promise<TestPartner>;
  /** A GET as `user` (or signed out). */
  get(path: string, user?: TestUser, headers?: Record<string, string>): Promise<Response>;
  /** A same-origin form post as `user` (or signed out) with the user's CSRF token. */
  post(path: string, form: Record<string, string>, user?: TestUser): Promise<Response>;
  stop(): Promise<void>;
}

const unique = () => crypto.randomUUID().slice(0, 8);

/** Builds the console on the test database. */
export async function startTestConsole(
  overrides: Partial<ConsoleDeps> = {},
): Promise<TestConsole> {
  const sql = connect(TEST_DATABASE_URL, { max: 4, name: "console-test-owner" });
  const roleSql = connect(TEST_DATABASE_URL, {
    max: 4,
    name: "console-test",
    settings: { role: SERVICE_ROLES.console },
  });
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    send: (m) => {
      mail.push(m);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  const cfg = loadConsoleConfig({
    CONSOLE_BASE_URL: BASE_URL,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    // The test stacks' key: a delivery service beside this console opens what it seals.
    WEBHOOK_SECRET_KEYS: TEST_ENV.WEBHOOK_SECRET_KEYS,
  });
  const deps: ConsoleDeps = {
    ...consoleSettings(cfg),
    sql: roleSql,
    log: createLogger("console-test", "error"),
    mailer,
    background: createBackground(),
    readiness: { current: () => ({ postgres: "ok" }), stop: () => {} } as ConsoleDeps["readiness"],
    stylesheet: await loadStylesheet(),
    logSignInLinks: false,
    ...overrides,
  };
  const app = createApp(deps);

  async function signIn(partnerId: string, role: UserRole, email?: string): Promise<TestUser> {
    const address = email ?? `${role}-${unique()}@console-test.sa`;
    const user = await sql.begin((tx) =>
      insertUser(tx, { partnerId, email: address, role, actor: { kind: "operator" } })
    );
    if (user === "email_taken") throw new Error(`${address} taken`);
    const session = newToken();
    const sessionHash = await hashToken(session);
    const csrf = newToken();
    await sql.begin((tx) =>
      insertSession(tx, {
        hash: sessionHash,
        userId: user.id,
        csrfToken: csrf,
        absoluteMs: 3_600_000,
      })
    );
    return { id: user.id, email: address, role, cookie: `__Host-hire_console=${session}`, csrf };
  }

  return {
    app,
    sql,
    deps,
    mail,
    async partner(plan = "growth") {
      const adminEmail = `admin-${unique()}@console-test.sa`;
      const issued = await createPartner(sql, {
        name: `Partner ${unique()}`,
        plan,
        adminEmails: [],
      });
      return {
        partnerId: issued.partner_id,
        apiKey: issued.api_key,
        admin: await signIn(issued.partner_id, "admin", adminEmail),
        developer: await signIn(issued.partner_id, "developer"),
        viewer: await signIn(issued.partner_id, "viewer"),
      };
    },
    get(path, user, headers = {}) {
      return Promise.resolve(app.request(`${BASE_URL}${path}`, {
        headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
      }));
    },
    post(path, form, user) {
      const body = new URLSearchParams({ ...(user ? { _csrf: user.csrf } : {}), ...form });
      return Promise.resolve(app.request(`${BASE_URL}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: new URL(BASE_URL).origin,
          "sec-fetch-site": "same-origin",
          ...(user ? { cookie: user.cookie } : {}),
        },
        body,
      }));
    },
    async stop() {
      await deps.background.settled();
      await roleSql.end();
      await sql.end();
    },
  };
}
