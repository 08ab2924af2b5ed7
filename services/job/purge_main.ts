/**
 * `deno task purge`: removes now what has outlived its retention (soft-deleted jobs after
 * 30 days, settled commands, published outbox rows, idempotency keys) and prints the counts.
 */
import { commonEnv, parseConfig } from "@hire/config";
import { connect } from "@hire/db";
import { z } from "zod";
import { purge } from "./purge.ts";

const cfg = parseConfig(z.object({ DATABASE_URL: commonEnv.DATABASE_URL }));
const sql = connect(cfg.DATABASE_URL, { max: 1, name: "purge" });
try {
  console.log(JSON.stringify(await purge(sql)));
} finally {
  await sql.end();
}
