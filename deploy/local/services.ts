/**
 * The services of the system as `deno task dev` runs them, each its own process. Apart from
 * dev.ts (a script that starts everything when imported) so that `deno task chaos` runs the
 * same list.
 */
import { SERVICE_ROLES } from "@hire/db";
import { ROOT } from "./run.ts";

/** Services, their entry points and the Postgres role each acts as, in start order. */
export const SERVICES = [
  { name: "job", entry: "services/job/main.ts", role: SERVICE_ROLES.job },
  { name: "embed", entry: "services/embedding/main.ts", role: SERVICE_ROLES.embedding },
  { name: "match", entry: "services/matching/main.ts", role: SERVICE_ROLES.matching },
  { name: "deliver", entry: "services/delivery/main.ts", role: SERVICE_ROLES.delivery },
  { name: "edge", entry: "services/edge/main.ts", role: SERVICE_ROLES.edge },
  { name: "site", entry: "services/site/main.ts", role: SERVICE_ROLES.site },
  { name: "console", entry: "services/console/main.ts", role: SERVICE_ROLES.console },
] as const;

/** A service's short name, e.g. `deliver`. */
export type ServiceName = typeof SERVICES[number]["name"];

/** Every service's short name, in start order. */
export const SERVICE_NAMES = SERVICES.map((s) => s.name) as [ServiceName, ...ServiceName[]];

/**
 * A service's process as `deno task dev`, the chaos fleet and the benchmarks start it, its
 * output piped to the caller, in the caller's session: a session each (so a scheduling group
 * each under Linux's autogroups) did not move the API's p99 while a backlog drained beyond the
 * runs' swing (docs/performance.md, Background work and the API).
 */
export function serviceCommand(
  entry: string,
  opts: {
    env: Record<string, string>;
    denoFlags?: string[];
    /** The tree the service runs from (default: this repository). */
    cwd?: string;
  },
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...opts.denoFlags ?? [], entry],
    cwd: opts.cwd ?? ROOT,
    env: opts.env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}
