/** `deno task migrate`: applies pending migrations to DATABASE_URL. */
import { commonEnv, parseConfig } from "@hire/config";
import { z } from "zod";
import { connect } from "./connect.ts";
import { migrate } from "./migrate.ts";

const cfg = parseConfig(z.object({ DATABASE_URL: commonEnv.DATABASE_URL }));
const sql = connect(cfg.DATABASE_URL, { max: 1, name: "migrate" });
try {
  const applied = await migrate(sql);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "migrations: up to date");
} finally {
  await sql.end();
}
