/**
 * The console pages the benchmark measures, and how it finds the addresses only a page can
 * tell (a delivery's detail, a later page of a log): from the links the console itself
 * wrote, so the benchmark follows the pages as they are built, whatever their query names.
 * @module
 */

/** A page to measure: its name in the results and its address. */
export interface PageTarget {
  name: string;
  path: string;
}

/** A page the run could not measure, and why. */
export interface SkippedPage {
  name: string;
  path?: string;
  reason: string;
}

/** The `href`s of `html`'s links, in document order, entities of `&` decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) =>
    m[1]!.replaceAll("&amp;", "&")
  );
}

/** The link marked `rel="next"`, if the page has one. */
export function nextHref(html: string): string | undefined {
  for (const m of html.matchAll(/<a\b[^>]*>/g)) {
    if (!/\srel="next"/.test(m[0])) continue;
    const href = /\shref="([^"]*)"/.exec(m[0])?.[1];
    if (href) return href.replaceAll("&amp;", "&");
  }
  return undefined;
}

/** The first link to one delivery of `webhookId` (`/webhooks/<id>/…/dlv_…`), if any. */
export function deliveryHref(html: string, webhookId: string): string | undefined {
  return hrefs(html).find((h) =>
    h.startsWith(`/webhooks/${webhookId}/`) && /\/dlv_[0-9A-Z]{26}(?:[/?#]|$)/.test(h)
  );
}

/** The pages whose address is known without asking the console. */
export function fixedPages(
  opts: { webhookId: string; jobsCursor: string },
): PageTarget[] {
  const wh = `/webhooks/${opts.webhookId}`;
  return [
    { name: "overview", path: "/" },
    { name: "jobs", path: "/jobs" },
    { name: "jobs, a later page (cursor)", path: `/jobs?cursor=${opts.jobsCursor}` },
    { name: "jobs, status filter", path: "/jobs?status=paused" },
    { name: "jobs, deleted", path: "/jobs?status=deleted" },
    { name: "keys", path: "/keys" },
    { name: "webhooks", path: "/webhooks" },
    { name: "webhook", path: wh },
    { name: "deliveries", path: `${wh}/deliveries` },
    { name: "deliveries, failed", path: `${wh}/deliveries?outcome=failed` },
    { name: "audit log", path: "/audit" },
    { name: "users", path: "/users" },
  ];
}
