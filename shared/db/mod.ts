/**
 * Postgres: the connection, error classification and migrations.
 * @module
 */
export { connect, type ConnectOptions, isDbUnavailable, type Sql, type Tx } from "./connect.ts";
export { migrate, type Migration, readMigrations } from "./migrate.ts";
export { SERVICE_ROLES } from "./service_roles.ts";
