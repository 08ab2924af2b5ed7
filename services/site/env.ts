/** Hono's context typing for the site: what middleware puts on a request. */

/** Variables set by middleware. */
export interface SiteEnv {
  Variables: {
    /** The Content-Security-Policy nonce of this response (Hono's secure-headers). */
    secureHeadersNonce?: string;
    /** The interface language (Hono's language detector). */
    language: string;
  };
}
