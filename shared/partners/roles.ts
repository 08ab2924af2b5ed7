/**
 * The roles of a partner's people in the console, and what each may do: viewers read,
 * developers also manage keys and webhooks, admins also manage users.
 * @module
 */

/** Every role, least to most. */
export const USER_ROLES = ["viewer", "developer", "admin"] as const;
/** A person's role within their partner. */
export type UserRole = (typeof USER_ROLES)[number];

/** What a role may be asked to do. */
export type Permission = "read" | "manage_integration" | "manage_users";

const LEAST_ROLE: Record<Permission, UserRole> = {
  read: "viewer",
  manage_integration: "developer",
  manage_users: "admin",
};

/** Whether `role` may do `permission`. */
export function can(role: UserRole, permission: Permission): boolean {
  return USER_ROLES.indexOf(role) >= USER_ROLES.indexOf(LEAST_ROLE[permission]);
}

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/**
 * The stored form of an e-mail address (trimmed, lower-cased), or undefined when it is not
 * one. At most 254 characters (RFC 5321's path limit).
 */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}
