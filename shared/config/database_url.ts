/**
 * DATABASE_URL as libpq reads it, Unix sockets included: `?host=/var/run/postgresql` names
 * the directory of the server's socket and beats the URL's own host (which may stay
 * `localhost`). A service beside its Postgres saves about a quarter of a round trip's client
 * CPU that way (docs/performance.md, "Round trips on a socket").
 * @module
 */
import { z } from "zod";

/** A database URL split into what postgres.js reads: the URL, and the socket's directory. */
export interface DatabaseTarget {
  /** The URL without its `host` parameter, which postgres.js would send as a server setting. */
  url: string;
  /** The directory of the server's Unix socket, when the URL names one. */
  socketDir?: string;
}

/** Splits `url`; throws when its `host` parameter is not a socket directory. */
export function databaseTarget(url: string): DatabaseTarget {
  const u = new URL(url);
  const host = u.searchParams.get("host");
  if (host === null) return { url };
  if (!host.startsWith("/")) {
    throw new Error(
      `the host parameter must be the absolute path of a socket's directory, not "${host}"`,
    );
  }
  u.searchParams.delete("host");
  return { url: u.toString(), socketDir: host };
}

/** A database URL variable, checked at start-up as {@link databaseTarget} will read it. */
export const databaseUrlVar = (def: string) =>
  z.string().url().default(def).superRefine((url, ctx) => {
    // A URL that does not parse is already reported as such.
    if (!URL.canParse(url)) return;
    try {
      databaseTarget(url);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
    }
  });
