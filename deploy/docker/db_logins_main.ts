/**
 * The compose `init` service's second step, after the migrations: each service's Postgres
 * login (`hire_edge_login`, …) made or updated with the password of its variable
 * (`POSTGRES_EDGE_PASSWORD`, …), so changing a variable and running `init` again changes
 * the password. Runs as the owner (DATABASE_URL). See deploy/docker/README.md.
 */
import { commonEnv, parseConfig } from "@hire/config";
import { connect } from "@hire/db";
import { z } from "zod";
import { SERVICE_ROLES } from "@hire/db";
import { ensureLogins, passwordVariable } from "../local/db_logins.ts";

// Compose splices each password into its service's DATABASE_URL as it is, so it must be
// made of characters a URL carries unescaped; long enough that guessing it is hopeless.
const password = z.string().regex(
  /^[A-Za-z0-9._~-]{16,}$/,
  "at least 16 characters among A-Z a-z 0-9 . _ ~ - (e.g. openssl rand -hex 24)",
);

const roles = Object.entries(SERVICE_ROLES);
const cfg = parseConfig(z.object({
  DATABASE_URL: commonEnv.DATABASE_URL,
  ...Object.fromEntries(roles.map(([kind]) => [passwordVariable(kind), password])),
})) as { DATABASE_URL: string } & Record<string, string>;

const sql = connect(cfg.DATABASE_URL, { max: 1, name: "logins" });
try {
  await ensureLogins(
    sql,
    roles.map(([kind, role]) => ({ role, password: cfg[passwordVariable(kind)] })),
  );
  console.log(`logins set: ${roles.map(([, role]) => role).join(", ")}`);
} finally {
  await sql.end();
}
