/** Hono's context typing for the console: what middleware puts on a request. */
import type { Lang } from "@hire/pages";
import type { SessionRow } from "@hire/tables";

/** A signed-in request's session: its person, their partner, the CSRF token of its forms. */
export interface Session extends SessionRow {
  /** The SHA-256 of the cookie's value: how the session is found and ended. */
  idHash: Uint8Array;
}

/** Variables set by middleware. */
export interface ConsoleEnv {
  Variables: {
    /** The Content-Security-Policy nonce of this response (Hono's secure-headers). */
    secureHeadersNonce?: string;
    /** The interface language (middleware/language.ts). */
    lang: Lang;
    /** The stylesheet's hashed URL (routes/assets.ts). */
    cssHref: string;
    /** Set when the request carries a live session (middleware/session.ts). */
    session?: Session;
  };
}

/** The variables of a request past `requireSignIn`: the session is there. */
export interface SignedInEnv {
  Variables: ConsoleEnv["Variables"] & { session: Session };
}
