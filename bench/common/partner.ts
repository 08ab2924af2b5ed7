/**
 * A fresh partner for a benchmark run, made the way an operator makes one.
 * @module
 */
import { commandOutput, ROOT } from "./proc.ts";

/** A partner and its API key. */
export interface Partner {
  partner_id: string;
  api_key: string;
}

/**
 * Creates a partner with `deno task partner create`, which prints it on its last line;
 * `env` is added to this process's environment (e.g. another DATABASE_URL).
 */
export async function createPartner(
  name: string,
  opts: { env?: Record<string, string> } = {},
): Promise<Partner> {
  const out = await commandOutput(Deno.execPath(), [
    "task",
    "partner",
    "create",
    "--name",
    name,
    "--plan",
    "growth",
    "--admin-email",
    // An address belongs to one partner: a database kept between runs already has the last one's.
    `bench-${crypto.randomUUID().slice(0, 8)}@example.sa`,
  ], { cwd: ROOT, env: opts.env });
  const last = out.stdout.trim().split("\n").pop() ?? "";
  if (!out.success) throw new Error(`deno task partner create failed:\n${out.stderr}${out.stdout}`);
  const partner = JSON.parse(last) as Partial<Partner>;
  if (!partner.partner_id || !partner.api_key) {
    throw new Error(`unexpected output of deno task partner create: ${last}`);
  }
  return partner as Partner;
}
