/**
 * The audit log, for admins: every key, webhook and user change with who made it and
 * when, newest first, a page at a time.
 * @module
 */
import { encodeCursor, parseCursor } from "@hire/ids";
import { type AuditRow, listAudit } from "@hire/tables";
import { Hono } from "hono";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { requirePermission } from "../middleware/require.ts";
import { auditText } from "../text/users.ts";
import { PartnerText, Time } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";

const PAGE = 50;

/** The audit pages, mounted at `/audit`. */
export function auditRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  return new Hono<SignedInEnv>().get("/", requirePermission("manage_users"), async (c) => {
    const lang = c.get("lang");
    const t = auditText[lang];
    const cursor = c.req.query("cursor");
    const before = cursor === undefined ? undefined : parseCursor(cursor, "aud");
    if (cursor !== undefined && !before) return await errorPage(c, 400);
    const page = await listAudit(deps.sql, c.get("session").partner.id, { limit: PAGE, before });
    const last = page.rows.at(-1);
    const older = page.hasMore && last &&
      encodeCursor({ createdAt: last.created_at, id: last.id });
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
        {older && (
          <p>
            <a href={`/audit?cursor=${older}`} rel="next">{t.older}</a>
          </p>
        )}
      </>,
    );
  });
}
