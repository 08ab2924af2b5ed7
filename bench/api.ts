/**
 * What the benchmark asks of the system besides load: a fresh partner, and the ids of
 * jobs to read.
 * @module
 */
import { JOBS_PATH } from "./load.ts";
import { commandOutput, ROOT } from "./proc.ts";

/** A partner and its API key. */
export interface Partner {
  partner_id: string;
  api_key: string;
}

/** Creates a partner with `deno task partner create`, which prints it on its last line. */
export async function createPartner(name: string): Promise<Partner> {
  const out = await commandOutput(Deno.execPath(), [
    "task",
    "partner",
    "create",
    "--name",
    name,
    "--plan",
    "growth",
    "--admin-email",
    "bench@example.sa",
  ], { cwd: ROOT });
  const last = out.stdout.trim().split("\n").pop() ?? "";
  if (!out.success) throw new Error(`deno task partner create failed:\n${out.stderr}${out.stdout}`);
  const partner = JSON.parse(last) as Partial<Partner>;
  if (!partner.partner_id || !partner.api_key) {
    throw new Error(`unexpected output of deno task partner create: ${last}`);
  }
  return partner as Partner;
}

/** Ids of the partner's newest jobs (at most 100). */
export async function newestJobIds(baseUrl: string, apiKey: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}${JOBS_PATH}?limit=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const body = await res.json() as { data?: { id: string }[] };
  if (res.status !== 200) throw new Error(`listing jobs: ${res.status} ${JSON.stringify(body)}`);
  return (body.data ?? []).map((j) => j.id);
}

/** Sends one request, to check the key and body are accepted before loading. */
export async function createOneJob(
  baseUrl: string,
  apiKey: string,
  body: unknown,
): Promise<string> {
  const res = await fetch(`${baseUrl}${JOBS_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json() as { id?: string };
  if (res.status !== 201 || !json.id) {
    throw new Error(`smoke POST ${JOBS_PATH}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.id;
}
