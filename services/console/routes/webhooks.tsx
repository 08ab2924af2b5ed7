/**
 * The webhooks pages: everyone sees the partner's webhooks, each one's state (an automatic
 * disable with the failure that caused it) and its deliveries; developers and admins
 * register, edit, pause, resume or re-enable, rotate the secret of, test and delete them.
 * A secret is in the answer to the POST that issued it only, shown once: it is stored
 * sealed. A plan without webhooks (Sandbox) gets a page that says so, as the API answers
 * 403. Changes go through `@hire/accounts`, the API's code, audited with the person.
 * @module
 */
import {
  deleteWebhook,
  findWebhook,
  listWebhooks,
  MAX_WEBHOOKS_PER_PARTNER,
  pauseWebhook,
  registerWebhook,
  resumeWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "@hire/accounts";
import type { FieldError } from "@hire/errors";
import { isId } from "@hire/ids";
import { EVENT_TYPES } from "@hire/jobs";
import { formatNumber } from "@hire/pages";
import { can, planIncludes } from "@hire/partners";
import { type HostRuleOptions, MAX_WEBHOOK_URL_LENGTH } from "@hire/webhooks";
import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { requirePermission } from "../middleware/require.ts";
import { commonText } from "../text/common.ts";
import { webhooksText } from "../text/webhooks.ts";
import { CsrfField, Notice, Time } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";
import { WebhookDetail } from "../views/webhook_detail.tsx";
import { WebhookFields } from "../views/webhook_form.tsx";
import { webhookState, WebhookTable, WebhookUrl } from "../views/webhook_list.tsx";
import { SecretIssued } from "../views/webhook_secret.tsx";
import {
  checkWebhookCreate,
  checkWebhookUpdate,
  readWebhookForm,
  type WebhookFormValues,
} from "../webhook_form.ts";
import { deliveriesRoutes } from "./deliveries.tsx";
import { webhookAction, type WebhookEnv } from "./webhook_env.ts";
import { userActor } from "../actor.ts";

/** A register or edit form as posted, when it was refused. */
interface FormProblem {
  values: WebhookFormValues;
  errors: readonly FieldError[];
  limitReached?: boolean;
}

/** What a form brings back into the page: a URL longer than any accepted is cut. */
function echo(values: WebhookFormValues): WebhookFormValues {
  return { url: values.url.slice(0, MAX_WEBHOOK_URL_LENGTH + 1), events: values.events };
}

const DETAIL_NOTICES = {
  updated: "doneUpdated",
  paused: "donePaused",
  resumed: "doneResumed",
  enabled: "doneEnabled",
} as const;

/** The webhooks pages, mounted at `/webhooks`. */
export function webhooksRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();
  const manage = requirePermission("manage_integration");
  const hostRules: HostRuleOptions = { allowPrivateNetworks: deps.allowPrivateNetworks };

  // Before anything is looked up, as at the API: a partner without the feature learns
  // nothing about ids.
  app.use("*", async (c, next) => {
    if (planIncludes(c.get("session").partner.plan, "webhooks")) return await next();
    const t = webhooksText[c.get("lang")];
    return await renderPage(
      c,
      { title: t.gateTitle, section: "webhooks", status: 403 },
      <section class="narrow">
        <h1>{t.gateTitle}</h1>
        <p>{t.gateText}</p>
      </section>,
    );
  });

  async function listPage(c: Context<SignedInEnv>, problem?: FormProblem) {
    const lang = c.get("lang");
    const t = webhooksText[lang];
    const session = c.get("session");
    const manages = can(session.user.role, "manage_integration");
    const rows = await listWebhooks(deps.sql, session.partner.id);
    const status = !problem ? 200 : problem.limitReached ? 409 : 422;
    return await renderPage(
      c,
      { title: t.title, section: "webhooks", status },
      <>
        <h1>{t.title}</h1>
        <p class="muted">{t.intro(formatNumber(MAX_WEBHOOKS_PER_PARTNER, lang))}</p>
        {c.req.query("done") === "deleted" && <Notice kind="ok">{t.doneDeleted}</Notice>}
        {!manages && <p class="muted">{t.readOnly}</p>}
        <WebhookTable rows={rows} lang={lang} />
        {manages && (
          <section class="card" aria-labelledby="register-title">
            <h2 id="register-title">{t.registerTitle}</h2>
            {problem?.limitReached && (
              <Notice kind="error">
                {t.limitReached(formatNumber(MAX_WEBHOOKS_PER_PARTNER, lang))}
              </Notice>
            )}
            {problem && problem.errors.length > 0 && <Notice kind="error">{t.formErrors}</Notice>}
            <form method="post" action="/webhooks">
              <CsrfField session={session} />
              <WebhookFields
                lang={lang}
                values={problem?.values ?? { url: "", events: [...EVENT_TYPES] }}
                errors={problem?.errors ?? []}
              />
              <button type="submit">{t.register}</button>
            </form>
          </section>
        )}
      </>,
    );
  }

  app.get("/", (c) => listPage(c));

  app.post("/", manage, async (c) => {
    const values = readWebhookForm(await c.req.parseBody({ all: true }));
    const checked = checkWebhookCreate(values, hostRules);
    if (!checked.ok) return await listPage(c, { values: echo(values), errors: checked.errors });
    const session = c.get("session");
    const made = await registerWebhook(deps.sql, {
      partnerId: session.partner.id,
      actor: userActor(session),
      fields: checked.fields,
      secrets: deps.webhookSecrets,
    });
    if (made === "webhook_limit_reached") {
      return await listPage(c, { values: echo(values), errors: [], limitReached: true });
    }
    const lang = c.get("lang");
    const t = webhooksText[lang];
    return await renderPage(
      c,
      { title: t.createdTitle, section: "webhooks" },
      <SecretIssued lang={lang} title={t.createdTitle} secret={made.secret} webhookId={made.id}>
        <p class="wh-url">
          <WebhookUrl url={made.url} />
        </p>
        <p>{t.createdText}</p>
      </SecretIssued>,
    );
  });

  // Everything under `/webhooks/:id`: the session's partner's webhook, else 404 (another
  // partner's, a deleted one, an id that cannot exist alike).
  const one = new Hono<WebhookEnv>();
  one.use("*", async (c, next) => {
    const id = c.req.param("id") ?? "";
    const row = isId("wh", id)
      ? await findWebhook(deps.sql, c.get("session").partner.id, id)
      : undefined;
    if (!row) return await errorPage(c, 404);
    c.set("webhook", row);
    return await next();
  });

  function detailPage(
    c: Context<WebhookEnv>,
    opts: { status?: 200 | 422; notice?: Child; edit?: FormProblem } = {},
  ) {
    const lang = c.get("lang");
    const session = c.get("session");
    return renderPage(
      c,
      { title: webhooksText[lang].webhookTitle, section: "webhooks", status: opts.status },
      <WebhookDetail
        lang={lang}
        session={session}
        row={c.get("webhook")}
        canManage={can(session.user.role, "manage_integration")}
        notice={opts.notice}
        edit={opts.edit}
      />,
    );
  }

  one.get("/", (c) => {
    const t = webhooksText[c.get("lang")];
    const done = c.req.query("done");
    const key = done && done in DETAIL_NOTICES
      ? DETAIL_NOTICES[done as keyof typeof DETAIL_NOTICES]
      : undefined;
    return detailPage(c, { notice: key && <Notice kind="ok">{t[key]}</Notice> });
  });

  one.post("/edit", manage, async (c) => {
    const values = readWebhookForm(await c.req.parseBody({ all: true }));
    const checked = checkWebhookUpdate(values, hostRules);
    if (!checked.ok) {
      const t = webhooksText[c.get("lang")];
      return await detailPage(c, {
        status: 422,
        notice: <Notice kind="error">{t.formErrors}</Notice>,
        edit: { values: echo(values), errors: checked.errors },
      });
    }
    const updated = await updateWebhook(deps.sql, { ...webhookAction(c), changes: checked.fields });
    if (updated === "not_found") return await errorPage(c, 404);
    return c.redirect(`/webhooks/${updated.id}?done=updated`, 303);
  });

  one.post("/pause", manage, async (c) => {
    const paused = await pauseWebhook(deps.sql, webhookAction(c));
    if (paused === "not_found") return await errorPage(c, 404);
    return c.redirect(`/webhooks/${paused.id}?done=paused`, 303);
  });

  // Resuming a paused webhook and re-enabling a disabled one are the same change; the
  // notice, like the audit entry, says which it was.
  one.post("/resume", manage, async (c) => {
    const wasDisabled = webhookState(c.get("webhook")) === "disabled";
    const resumed = await resumeWebhook(deps.sql, webhookAction(c));
    if (resumed === "not_found") return await errorPage(c, 404);
    return c.redirect(`/webhooks/${resumed.id}?done=${wasDisabled ? "enabled" : "resumed"}`, 303);
  });

  one.post("/test", manage, async (c) => {
    const type = (await c.req.parseBody()).event_type;
    const eventType = EVENT_TYPES.find((t) => t === type);
    if (!eventType) return await errorPage(c, 400);
    const queued = await sendTestEvent(deps.sql, { ...webhookAction(c), eventType });
    if (queued === "not_found") return await errorPage(c, 404);
    return c.redirect(`/webhooks/${queued.webhook_id}/deliveries/${queued.id}?done=test`, 303);
  });

  const confirmPage = (
    c: Context<WebhookEnv>,
    page: { title: string; text: Child; action: string; button: string; danger?: boolean },
  ) => {
    const lang = c.get("lang");
    const row = c.get("webhook");
    return renderPage(
      c,
      { title: page.title, section: "webhooks" },
      <section class="narrow">
        <h1>{page.title}</h1>
        <p class="wh-url">
          <WebhookUrl url={row.url} />
        </p>
        {page.text}
        <form method="post" action={`/webhooks/${row.id}/${page.action}`} class="actions">
          <CsrfField session={c.get("session")} />
          <button type="submit" class={page.danger ? "danger" : undefined}>{page.button}</button>
          <a href={`/webhooks/${row.id}`}>{commonText[lang].cancel}</a>
        </form>
      </section>,
    );
  };

  one.get("/rotate", manage, (c) => {
    const t = webhooksText[c.get("lang")];
    return confirmPage(c, {
      title: t.rotateTitle,
      text: (
        <>
          <p>{t.rotateText}</p>
          <p>{t.rotateAgain}</p>
        </>
      ),
      action: "rotate",
      button: t.rotate,
    });
  });

  one.post("/rotate", manage, async (c) => {
    const rotated = await rotateWebhookSecret(deps.sql, {
      ...webhookAction(c),
      secrets: deps.webhookSecrets,
    });
    if (rotated === "not_found") return await errorPage(c, 404);
    const lang = c.get("lang");
    const t = webhooksText[lang];
    return await renderPage(
      c,
      { title: t.rotatedTitle, section: "webhooks" },
      <SecretIssued
        lang={lang}
        title={t.rotatedTitle}
        secret={rotated.secret}
        webhookId={rotated.id}
      >
        <p class="wh-url">
          <WebhookUrl url={rotated.url} />
        </p>
        <p>
          {t.overlapUntil} <Time at={rotated.previous_secret_until} lang={lang} />
        </p>
        <p>{t.overlapAfter}</p>
      </SecretIssued>,
    );
  });

  one.get("/delete", manage, (c) => {
    const t = webhooksText[c.get("lang")];
    return confirmPage(c, {
      title: t.deleteConfirmTitle,
      text: <p>{t.deleteConfirmText}</p>,
      action: "delete",
      button: t.delete,
      danger: true,
    });
  });

  one.post("/delete", manage, async (c) => {
    const deleted = await deleteWebhook(deps.sql, webhookAction(c));
    if (deleted === "not_found") return await errorPage(c, 404);
    return c.redirect("/webhooks?done=deleted", 303);
  });

  one.route("/deliveries", deliveriesRoutes(deps));
  app.route("/:id", one as unknown as Hono<SignedInEnv>);
  return app;
}
