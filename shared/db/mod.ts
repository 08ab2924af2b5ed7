/**
 * Postgres: the connection, error classification, migrations, rows written as one array per
 * column, and the bind limit of a multi-row VALUES.
 * @module
 */
export { bindableRuns, MAX_BIND_PARAMETERS } from "./bind_limit.ts";
export {
  connect,
  connectConsumer,
  type ConnectOptions,
  isDbUnavailable,
  type Sql,
  type Tx,
} from "./connect.ts";
export { type ColumnTypes, unnestRows, unnestSelect } from "./unnest.ts";
export { migrate, migrateUpTo, type Migration, readMigrations } from "./migrate.ts";
export { SERVICE_ROLES, type ServiceKind } from "./service_roles.ts";
