/**
 * The API keys pages: everyone sees the partner's keys, live and past; developers and admins
 * create keys, roll them (the old key works beside its successor until a chosen expiry) and
 * revoke them (behind a confirmation page). A new key is in the answer to its POST only,
 * shown once: only its hash is kept.
 * @module
 */
import {
  type ApiKeyRow,
  createKey,
  type KeyRefusal,
  listKeys,
  MAX_KEY_NAME_LENGTH,
  MAX_LIVE_KEYS,
  revokeKey,
  ROLL_EXPIRIES,
  type RollExpiry,
  rollKey,
} from "@hire/accounts";
import { isId } from "@hire/ids";
import { can } from "@hire/partners";
import { findApiKey } from "@hire/tables";
import { type Context, Hono } from "hono";
import { userActor } from "../actor.ts";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { requirePermission } from "../middleware/require.ts";
import { commonText } from "../text/common.ts";
import { keysText, rollExpiryNames } from "../text/keys.ts";
import { CsrfField, Notice, PartnerText, Time } from "../views/components.tsx";
import { NewKey } from "../views/keys_new_key.tsx";
import { isLive, KeyPrefix, KeysTable } from "../views/keys_table.tsx";
import { errorPage, renderPage } from "../views/page.tsx";

/** The create form's refusal, with the name as typed. */
interface CreateProblem {
  refusal: Exclude<KeyRefusal, "not_found">;
  name: string;
}

// The longest name worth showing back in the form: a longer one is refused anyway.
const NAME_ECHO = MAX_KEY_NAME_LENGTH * 2;

function rollExpiryOf(value: unknown): RollExpiry | undefined {
  return ROLL_EXPIRIES.find((e) => e === value);
}

/** The keys pages, mounted at `/keys`. */
export function keysRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();
  const manage = requirePermission("manage_integration");

  // The session's partner's live key named in the path, or undefined (another partner's, a
  // revoked or expired one, a malformed id): all answer 404 alike.
  const liveKey = async (c: Context<SignedInEnv>): Promise<ApiKeyRow | undefined> => {
    const id = c.req.param("id") ?? "";
    if (!isId("key", id)) return undefined;
    const key = await findApiKey(deps.sql, { partnerId: c.get("session").partner.id, id });
    return key && isLive(key) ? key : undefined;
  };

  const notLive = (c: Context<SignedInEnv>) =>
    errorPage(c, 404, <p>{keysText[c.get("lang")].notLive}</p>);

  async function listPage(c: Context<SignedInEnv>, problem?: CreateProblem) {
    const lang = c.get("lang");
    const t = keysText[lang];
    const session = c.get("session");
    const manages = can(session.user.role, "manage_integration");
    const keys = await listKeys(deps.sql, session.partner.id);
    const refusal = problem?.refusal;
    const nameError = refusal === "name_required"
      ? t.nameRequired
      : refusal === "name_too_long"
      ? t.nameTooLong(MAX_KEY_NAME_LENGTH)
      : refusal === "name_invalid"
      ? t.nameInvalid
      : undefined;
    return await renderPage(
      c,
      {
        title: t.title,
        section: "keys",
        status: refusal === undefined ? 200 : refusal === "too_many_keys" ? 409 : 422,
      },
      <>
        <h1>{t.title}</h1>
        <p class="muted">{t.intro}</p>
        {c.req.query("done") === "revoked" && <Notice kind="ok">{t.revoked}</Notice>}
        {!manages && <p class="muted">{t.readOnly}</p>}
        <KeysTable keys={keys} lang={lang} manage={manages} />
        {manages && (
          <section class="card">
            <h2>{t.createTitle}</h2>
            {refusal === "too_many_keys" && (
              <Notice kind="error">{t.tooManyKeys(MAX_LIVE_KEYS)}</Notice>
            )}
            <form method="post" action="/keys">
              <CsrfField session={session} />
              <label>
                {t.name}
                <input
                  type="text"
                  name="name"
                  required
                  dir="auto"
                  value={problem?.name ?? ""}
                  aria-invalid={nameError ? "true" : undefined}
                  aria-describedby={nameError ? "name-error name-hint" : "name-hint"}
                />
              </label>
              {nameError && <p class="field-error" id="name-error">{nameError}</p>}
              <p class="muted hint" id="name-hint">{t.nameHint(MAX_KEY_NAME_LENGTH)}</p>
              <button type="submit">{t.create}</button>
            </form>
          </section>
        )}
      </>,
    );
  }

  app.get("/", (c) => listPage(c));

  app.post("/", manage, async (c) => {
    const form = await c.req.parseBody();
    const name = typeof form.name === "string" ? form.name : "";
    const made = await createKey(deps.sql, {
      partnerId: c.get("session").partner.id,
      name,
      actor: userActor(c.get("session")),
    });
    if (typeof made === "string") {
      return await listPage(c, { refusal: made, name: name.slice(0, NAME_ECHO) });
    }
    const lang = c.get("lang");
    const t = keysText[lang];
    return await renderPage(
      c,
      { title: t.createdTitle, section: "keys" },
      <>
        <h1>{t.createdTitle}</h1>
        <p>
          <PartnerText>{made.key.name}</PartnerText> · <KeyPrefix prefix={made.key.prefix} />
        </p>
        <NewKey apiKey={made.apiKey} apiBaseUrl={deps.apiBaseUrl} lang={lang} />
        <p>
          <a href="/keys">{t.backToKeys}</a>
        </p>
      </>,
    );
  });

  function rollPage(
    c: Context<SignedInEnv>,
    key: ApiKeyRow,
    opts: { chosen?: RollExpiry; problem?: "choose" | "too_many_keys" } = {},
  ) {
    const lang = c.get("lang");
    const t = keysText[lang];
    const chosen = opts.chosen ?? "24h";
    return renderPage(
      c,
      {
        title: t.rollTitle,
        section: "keys",
        status: opts.problem === "choose" ? 400 : opts.problem ? 409 : 200,
      },
      <section class="narrow">
        <h1>{t.rollTitle}</h1>
        <p>
          <PartnerText>{key.name}</PartnerText> · <KeyPrefix prefix={key.prefix} />
        </p>
        {opts.problem === "too_many_keys" && (
          <Notice kind="error">{t.tooManyKeysRoll(MAX_LIVE_KEYS)}</Notice>
        )}
        <p>{t.rollText}</p>
        {key.state === "expiring" && (
          <p>
            {t.alreadyExpiring} <Time at={key.expires_at} lang={lang} />. {t.alreadyExpiringEnd}
          </p>
        )}
        <form method="post" action={`/keys/${key.id}/roll`}>
          <CsrfField session={c.get("session")} />
          <fieldset aria-describedby={opts.problem === "choose" ? "expires-error" : undefined}>
            <legend>{t.rollWhen}</legend>
            {ROLL_EXPIRIES.map((e) => (
              <label>
                <input type="radio" name="expires_in" value={e} checked={e === chosen} />
                {rollExpiryNames[lang][e]}
              </label>
            ))}
          </fieldset>
          {opts.problem === "choose" && <p class="field-error" id="expires-error">{t.rollChoose}
          </p>}
          <div class="actions">
            <button type="submit">{t.rollConfirm}</button>
            <a href="/keys">{commonText[lang].cancel}</a>
          </div>
        </form>
      </section>,
    );
  }

  app.get("/:id/roll", manage, async (c) => {
    const key = await liveKey(c);
    return key ? await rollPage(c, key) : await notLive(c);
  });

  app.post("/:id/roll", manage, async (c) => {
    const key = await liveKey(c);
    if (!key) return await notLive(c);
    const expiresIn = rollExpiryOf((await c.req.parseBody()).expires_in);
    if (!expiresIn) return await rollPage(c, key, { problem: "choose" });
    const rolled = await rollKey(deps.sql, {
      partnerId: c.get("session").partner.id,
      keyId: key.id,
      expiresIn,
      actor: userActor(c.get("session")),
    });
    if (rolled === "not_found") return await notLive(c);
    if (rolled === "too_many_keys") {
      return await rollPage(c, key, { chosen: expiresIn, problem: "too_many_keys" });
    }
    const lang = c.get("lang");
    const t = keysText[lang];
    const { previous } = rolled;
    return await renderPage(
      c,
      { title: t.rolledTitle, section: "keys" },
      <>
        <h1>{t.rolledTitle}</h1>
        <p>
          {t.oldKey}: <PartnerText>{previous.name}</PartnerText> ·{" "}
          <KeyPrefix prefix={previous.prefix} />
        </p>
        <p>
          {previous.state === "expiring"
            ? (
              <>
                {t.oldKeyUntil} <Time at={previous.expires_at} lang={lang} />.
              </>
            )
            : t.oldKeyStopped}
        </p>
        <NewKey apiKey={rolled.apiKey} apiBaseUrl={deps.apiBaseUrl} lang={lang} />
        <p>
          <a href="/keys">{t.backToKeys}</a>
        </p>
      </>,
    );
  });

  app.get("/:id/revoke", manage, async (c) => {
    const key = await liveKey(c);
    if (!key) return await notLive(c);
    const t = keysText[c.get("lang")];
    return await renderPage(
      c,
      { title: t.revokeTitle, section: "keys" },
      <section class="narrow">
        <h1>{t.revokeTitle}</h1>
        <p>
          <PartnerText>{key.name}</PartnerText> · <KeyPrefix prefix={key.prefix} />
        </p>
        <p>{t.revokeText}</p>
        <form method="post" action={`/keys/${key.id}/revoke`} class="actions">
          <CsrfField session={c.get("session")} />
          <button type="submit" class="danger">{t.revokeConfirm}</button>
          <a href="/keys">{commonText[c.get("lang")].cancel}</a>
        </form>
      </section>,
    );
  });

  app.post("/:id/revoke", manage, async (c) => {
    const id = c.req.param("id");
    if (!isId("key", id)) return await notLive(c);
    const revoked = await revokeKey(deps.sql, {
      partnerId: c.get("session").partner.id,
      keyId: id,
      actor: userActor(c.get("session")),
    });
    if (revoked === "not_found") return await notLive(c);
    return c.redirect("/keys?done=revoked", 303);
  });

  return app;
}
