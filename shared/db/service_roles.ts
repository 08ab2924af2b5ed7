/**
 * The group roles migration 0010 creates, one per process kind: what each may read and write
 * is granted there; a deployment logs each process in as a member of its kind's role.
 * @module
 */

/** Each process kind that connects to Postgres and the group role it acts as. */
export const SERVICE_ROLES = {
  edge: "hire_edge",
  job: "hire_job",
  embedding: "hire_embedding",
  matching: "hire_matching",
  delivery: "hire_delivery",
  site: "hire_site",
  /** The partner console. */
  console: "hire_console",
  /** `deno task partner`, the operator's command line. */
  admin: "hire_admin",
} as const;

/**
 * A process kind: a service names its pool (its backends' `application_name`) by it, which is
 * how bench:starvation's split placement finds a service's backends.
 */
export type ServiceKind = keyof typeof SERVICE_ROLES;
