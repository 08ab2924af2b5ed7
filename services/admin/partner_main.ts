/** Entry point of `deno task partner`. */
import { commonEnv, parseConfig } from "@hire/config";
import { connect, type ServiceKind } from "@hire/db";
import { z } from "zod";
import { runPartnerCommand, USAGE, UsageError } from "./partner_cli.ts";

const cfg = parseConfig(z.object({ DATABASE_URL: commonEnv.DATABASE_URL }));
const sql = connect(cfg.DATABASE_URL, { max: 1, name: "admin" satisfies ServiceKind });
try {
  console.log(JSON.stringify(await runPartnerCommand(sql, Deno.args)));
} catch (err) {
  const usage = err instanceof UsageError ||
    (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(usage ? `${(err as Error).message}\n${USAGE}` : (err as Error).message);
  Deno.exitCode = usage ? 2 : 1;
} finally {
  await sql.end();
}
