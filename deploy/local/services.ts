/**
 * The services of the system as `deno task dev` runs them, each its own process. Apart from
 * dev.ts (a script that starts everything when imported) so that `deno task chaos` runs the
 * same list.
 */
import { SERVICE_ROLES } from "@hire/db";

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
