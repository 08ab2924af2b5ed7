/**
 * What the API benchmark asks of the jobs API besides load: one create to check the key and
 * body are accepted, and the ids of jobs to read.
 * @module
 */
import { JOBS_PATH } from "../common/load.ts";

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
