/**
 * `deno task purge`: removes now what has outlived its retention in every table (each
 * owner's rule: soft-deleted jobs after 30 days, settled commands, published outbox rows,
 * idempotency keys, the webhook delivery log, sent mail, matches of purged jobs) and
 * prints the counts.
 */
import { commonEnv, parseConfig } from "@hire/config";
import { connect } from "@hire/db";
import { purgeExpired } from "@hire/tables";
import { z } from "zod";

const cfg = parseConfig(z.object({ DATABASE_URL: commonEnv.DATABASE_URL }));
const sql = connect(cfg.DATABASE_URL, { max: 1, name: "purge" });
try {
  console.log(JSON.stringify(await purgeExpired(sql)));
} finally {
  await sql.end();
}
