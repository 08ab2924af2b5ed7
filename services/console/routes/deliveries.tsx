/**
 * A webhook's delivery log, mounted at `/webhooks/:id/deliveries` behind the webhook's
 * lookup: the attempts (filtered by a GET form, paged by cursor), one attempt's request and
 * response, and for those who manage integrations "Resend" and "Recover" (the count first,
 * from a dry run, then the resend). An attempt still pending refreshes its page until the
 * delivery service has made it.
 * @module
 */
import {
  findDelivery,
  listDeliveries,
  RECOVER_LIMIT,
  recoverDeliveries,
  redeliver,
} from "@hire/accounts";
import { isId } from "@hire/ids";
import { formatDateTime, formatNumber } from "@hire/pages";
import { can } from "@hire/partners";
import { DELIVERY_LOG_RETENTION_DAYS, type DeliveryDetailRow } from "@hire/webhooks";
import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import {
  FILTER_FIELDS,
  olderQuery,
  parseDeliveryFilters,
  parseRecoverSince,
  riyadhDateTimeInput,
} from "../delivery_filters.ts";
import type { PagesDeps } from "../deps.ts";
import { requirePermission } from "../middleware/require.ts";
import { commonText } from "../text/common.ts";
import { webhooksText } from "../text/webhooks.ts";
import { CsrfField, Notice } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";
import { DeliveryDetail } from "../views/webhook_delivery.tsx";
import {
  DeliveryTable,
  FilterForm,
  problemMessage,
  RecoverForm,
} from "../views/webhook_deliveries.tsx";
import { WebhookUrl } from "../views/webhook_list.tsx";
import { webhookAction, type WebhookEnv } from "./webhook_env.ts";

/** Attempts per page of the log. */
const PAGE_SIZE = 50;

/** How far back the recover form starts. */
const RECOVER_DEFAULT_MS = 24 * 3_600_000;

/** The deliveries pages of the webhook in `c.get("webhook")`. */
export function deliveriesRoutes(deps: PagesDeps): Hono<WebhookEnv> {
  const app = new Hono<WebhookEnv>();
  const manage = requirePermission("manage_integration");
  const logPath = (c: Context<WebhookEnv>) => `/webhooks/${c.get("webhook").id}/deliveries`;
  const manages = (c: Context<WebhookEnv>) => can(c.get("session").user.role, "manage_integration");

  /** The page's heading and the way back to the webhook. */
  const Heading = (props: { c: Context<WebhookEnv>; title: string }) => {
    const row = props.c.get("webhook");
    const t = webhooksText[props.c.get("lang")];
    return (
      <>
        <p class="wh-back">
          <a href={`/webhooks/${row.id}`}>{t.webhookTitle}</a>
        </p>
        <h1>{props.title}</h1>
        <p class="wh-url">
          <WebhookUrl url={row.url} />
        </p>
      </>
    );
  };

  app.get("/", async (c) => {
    const lang = c.get("lang");
    const t = webhooksText[lang];
    const webhook = c.get("webhook");
    const { values, filters, problems } = parseDeliveryFilters(c.req.query());
    const page = problems.length === 0
      ? await listDeliveries(deps.sql, {
        partnerId: webhook.partner_id,
        webhookId: webhook.id,
        limit: PAGE_SIZE,
        ...filters,
      })
      : undefined;
    const last = page?.rows.at(-1);
    const filtered = FILTER_FIELDS.some((f) => f !== "cursor" && values[f] !== "");
    const base = logPath(c);
    const newest = new URLSearchParams(
      Object.entries(values).filter(([f, v]) => f !== "cursor" && v !== ""),
    ).toString();
    const recovered = Number(c.req.query("count"));
    return await renderPage(
      c,
      { title: t.deliveriesTitle, section: "webhooks", status: page ? 200 : 400 },
      <>
        <Heading c={c} title={t.deliveriesTitle} />
        <p class="muted">{t.deliveriesIntro(formatNumber(DELIVERY_LOG_RETENTION_DAYS, lang))}</p>
        {c.req.query("done") === "recovered" && Number.isSafeInteger(recovered) && (
          <Notice kind="ok">{t.recovered(formatNumber(recovered, lang))}</Notice>
        )}
        {problems.length > 0 && (
          <Notice kind="error">
            {t.filterErrors}
            <ul>
              {problems.map((p) =>
                // deno-lint-ignore jsx-key -- rendered once on the server: hono would print a key.
                <li>{problemMessage(p, t)}</li>
              )}
            </ul>
          </Notice>
        )}
        <FilterForm lang={lang} action={base} values={values} problems={problems} />
        {page && (
          <>
            <DeliveryTable
              lang={lang}
              session={c.get("session")}
              webhookId={webhook.id}
              rows={page.rows}
              canManage={manages(c)}
              filtered={filtered}
            />
            <nav class="pager" aria-label={t.deliveriesTitle}>
              {values.cursor && <a href={newest ? `${base}?${newest}` : base}>{t.newest}</a>}
              {page.hasMore && last && (
                <a href={`${base}?${olderQuery(values, last)}`} rel="next">{t.older}</a>
              )}
            </nav>
          </>
        )}
        {manages(c) && (
          <RecoverForm
            lang={lang}
            webhookId={webhook.id}
            since={riyadhDateTimeInput(new Date(Date.now() - RECOVER_DEFAULT_MS))}
          />
        )}
      </>,
    );
  });

  /** The recover form again, for a "since" that cannot be used. */
  const badSince = (c: Context<WebhookEnv>, since: string) => {
    const lang = c.get("lang");
    return renderPage(
      c,
      { title: webhooksText[lang].recoverTitle, section: "webhooks", status: 400 },
      <>
        <Heading c={c} title={webhooksText[lang].recoverTitle} />
        <RecoverForm
          lang={lang}
          webhookId={c.get("webhook").id}
          since={since.slice(0, 32)}
          invalid
        />
      </>,
    );
  };

  /** A paused or disabled webhook sends nothing: what the page says instead. */
  const inactive = (c: Context<WebhookEnv>, title: string) => {
    const t = webhooksText[c.get("lang")];
    return renderPage(
      c,
      { title, section: "webhooks", status: 409 },
      <>
        <Heading c={c} title={title} />
        <Notice kind="error">{t.inactiveRefusal}</Notice>
        <p>
          <a href={`/webhooks/${c.get("webhook").id}`}>{t.webhookTitle}</a>
        </p>
      </>,
    );
  };

  app.get("/recover", manage, async (c) => {
    const lang = c.get("lang");
    const t = webhooksText[lang];
    const raw = c.req.query("since") ?? "";
    const since = parseRecoverSince(raw, new Date());
    if (!since) return await badSince(c, raw);
    const found = await recoverDeliveries(deps.sql, { ...webhookAction(c), since, dryRun: true });
    if (found === "not_found") return await errorPage(c, 404);
    if (found === "webhook_inactive") return await inactive(c, t.recoverConfirmTitle);
    const limit = formatNumber(RECOVER_LIMIT, lang);
    return await renderPage(
      c,
      { title: t.recoverConfirmTitle, section: "webhooks" },
      <>
        <Heading c={c} title={t.recoverConfirmTitle} />
        {found.count === 0 ? <p>{t.recoverNothing}</p> : (
          <>
            <p class="wh-count">
              {t.recoverWouldSend(formatNumber(found.count, lang), formatDateTime(since, lang))}
            </p>
            {found.capped && <Notice kind="info">{t.recoverCapped(limit)}</Notice>}
          </>
        )}
        <form method="post" action={`${logPath(c)}/recover`} class="actions">
          <CsrfField session={c.get("session")} />
          <input type="hidden" name="since" value={raw} />
          {found.count > 0 && <button type="submit">{t.recoverGo}</button>}
          <a href={logPath(c)}>{commonText[lang].cancel}</a>
        </form>
      </>,
    );
  });

  app.post("/recover", manage, async (c) => {
    const form = await c.req.parseBody();
    const raw = typeof form.since === "string" ? form.since : "";
    const since = parseRecoverSince(raw, new Date());
    if (!since) return await badSince(c, raw);
    const done = await recoverDeliveries(deps.sql, { ...webhookAction(c), since, dryRun: false });
    if (done === "not_found") return await errorPage(c, 404);
    if (done === "webhook_inactive") {
      return await inactive(c, webhooksText[c.get("lang")].recoverConfirmTitle);
    }
    return c.redirect(`${logPath(c)}?done=recovered&count=${done.count}`, 303);
  });

  /** The partner's webhook's attempt of the path, or undefined. */
  const delivery = (c: Context<WebhookEnv>): Promise<DeliveryDetailRow | undefined> => {
    const id = c.req.param("delivery_id") ?? "";
    if (!isId("dlv", id)) return Promise.resolve(undefined);
    const webhook = c.get("webhook");
    return findDelivery(deps.sql, {
      partnerId: webhook.partner_id,
      webhookId: webhook.id,
      deliveryId: id,
    });
  };

  const deliveryPage = (
    c: Context<WebhookEnv>,
    row: DeliveryDetailRow,
    opts: { status?: 409; notice?: Child } = {},
  ) => {
    const t = webhooksText[c.get("lang")];
    // Until the delivery service has made the attempt, the page looks again every 2 s
    // (a response header, as `<meta http-equiv="refresh">` would, without a script).
    if (row.status === "pending") c.header("Refresh", "2");
    const done = c.req.query("done");
    const notice = opts.notice ??
      (done === "test"
        ? <Notice kind="ok">{t.doneTestQueued}</Notice>
        : done === "resent"
        ? <Notice kind="ok">{t.doneResent}</Notice>
        : undefined);
    return renderPage(
      c,
      { title: t.deliveryTitle, section: "webhooks", status: opts.status },
      <DeliveryDetail
        lang={c.get("lang")}
        session={c.get("session")}
        webhook={c.get("webhook")}
        row={row}
        canManage={manages(c)}
        notice={notice}
      />,
    );
  };

  app.get("/:delivery_id", async (c) => {
    const row = await delivery(c);
    return row ? await deliveryPage(c, row) : await errorPage(c, 404);
  });

  app.post("/:delivery_id/resend", manage, async (c) => {
    const row = await delivery(c);
    if (!row) return await errorPage(c, 404);
    const queued = await redeliver(deps.sql, { ...webhookAction(c), deliveryId: row.id });
    if (queued === "not_found") return await errorPage(c, 404);
    if (queued === "webhook_inactive") {
      const t = webhooksText[c.get("lang")];
      return await deliveryPage(c, row, {
        status: 409,
        notice: <Notice kind="error">{t.inactiveRefusal}</Notice>,
      });
    }
    return c.redirect(`${logPath(c)}/${queued.id}?done=resent`, 303);
  });

  return app;
}
