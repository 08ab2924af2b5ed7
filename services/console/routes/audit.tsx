/**
 * The audit log, for admins: every key, webhook and user change with who made it and
 * when, newest first, a page at a time.
 * @module
 */
import { decodeBase64Url, encodeBase64Url } from "@hire/ids";
import { type AuditRow, listAudit } from "@hire/tables";
import { Hono } from "hono";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { requirePermission } from "../middleware/require.ts";
import { auditText } from "../text/users.ts";
import { PartnerText, Time } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";

const PAGE = 50;

/** The position after `row`, as the "older" link carries it. */
export function auditCursor(row: Pick<AuditRow, "created_at" | "id">): string {
  return encodeBase64Url(new TextEncoder().encode(`${row.created_at.toISOString()}|${row.id}`));
}

/** The position a cursor names, or undefined when it is not one. */
export function parseAuditCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  try {
    const [at, id, ...rest] = new TextDecoder("utf-8", { fatal: true })
      .decode(decodeBase64Url(cursor)).split("|");
    const createdAt = new Date(at ?? "");
    if (rest.length || !id || !/^aud_[0-9A-Z]{26}$/.test(id) || isNaN(createdAt.getTime())) {
      return undefined;
    }
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** The audit pages, mounted at `/audit`. */
export function auditRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  return new Hono<SignedInEnv>().get("/", requirePermission("manage_users"), async (c) => {
    const lang = c.get("lang");
    const t = auditText[lang];
    const cursor = c.req.query("cursor");
    const before = cursor === undefined ? undefined : parseAuditCursor(cursor);
    if (cursor !== undefined && !before) return await errorPage(c, 400);
    const page = await listAudit(deps.sql, c.get("session").partner.id, { limit: PAGE, before });
    const who = (r: AuditRow) =>
      r.actor_kind === "operator"
        ? t.operator
        : r.actor_kind === "system"
        ? t.system
        : r.actor_label;
    return await renderPage(
      c,
      { title: t.title, section: "audit" },
      <>
        <h1>{t.title}</h1>
        <p class="muted">{t.intro}</p>
        {page.rows.length === 0 ? <p>{t.empty}</p> : (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.who}</th>
                  <th scope="col">{t.action}</th>
                  <th scope="col">{t.target}</th>
                  <th scope="col">{t.detail}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr>
                    <td>
                      <Time at={r.created_at} lang={lang} />
                    </td>
                    <td>
                      <bdi dir="ltr">{who(r)}</bdi>
                    </td>
                    <td>
                      <code>{r.action}</code>
                    </td>
                    <td>
                      <code>{r.target_id ?? ""}</code>
                    </td>
                    <td>
                      <PartnerText ltr>
                        <code>{Object.keys(r.detail).length ? JSON.stringify(r.detail) : ""}</code>
                      </PartnerText>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.hasMore && (
          <p>
            <a href={`/audit?cursor=${auditCursor(page.rows.at(-1)!)}`} rel="next">{t.older}</a>
          </p>
        )}
      </>,
    );
  });
}
