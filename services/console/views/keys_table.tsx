/** The table of a partner's API keys, live and past. */
import type { ApiKeyRow } from "@hire/accounts";
import type { Lang } from "@hire/pages";
import { commonText } from "../text/common.ts";
import { keysText } from "../text/keys.ts";
import { Time } from "./components.tsx";

/** Whether a key still authenticates: only these can be rolled or revoked. */
export function isLive(key: ApiKeyRow): boolean {
  return key.state === "active" || key.state === "expiring";
}

/** A key's state as a badge; a rolled key's with when it stops working. */
export function KeyState(props: { keyRow: ApiKeyRow; lang: Lang }) {
  const t = keysText[props.lang];
  const { keyRow: key, lang } = props;
  switch (key.state) {
    case "active":
      return <span class="badge ok">{t.stateActive}</span>;
    case "expiring":
      return (
        <span class="badge warn">
          {t.stateExpiring} <Time at={key.expires_at} lang={lang} />
        </span>
      );
    case "expired":
      return <span class="badge">{t.stateExpired}</span>;
    case "revoked":
      return (
        <span class="badge error">
          {t.stateRevoked} <Time at={key.revoked_at} lang={lang} />
        </span>
      );
  }
}

/** The key's visible start, as people recognise it: `hk_live_abc123…`. */
export function KeyPrefix(props: { prefix: string }) {
  return <code dir="ltr" class="key-prefix">{`${props.prefix}…`}</code>;
}

/** Every key, newest first; `manage` adds the roll and revoke links of live keys. */
export function KeysTable(props: { keys: ApiKeyRow[]; lang: Lang; manage: boolean }) {
  const { keys, lang, manage } = props;
  const t = keysText[lang];
  if (keys.length === 0) return <p class="muted">{t.noKeys}</p>;
  return (
    <div class="table-scroll">
      <table class="keys">
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.prefix}</th>
            <th scope="col">{t.created}</th>
            <th scope="col">{t.lastUsed}</th>
            <th scope="col">{t.expires}</th>
            <th scope="col">{t.state}</th>
            {manage && <th scope="col">{t.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr id={key.id}>
              <th scope="row">
                <bdi dir="auto">{key.name}</bdi>
              </th>
              <td>
                <KeyPrefix prefix={key.prefix} />
              </td>
              <td>
                <Time at={key.created_at} lang={lang} />
              </td>
              <td>
                <Time at={key.last_used_at} lang={lang} empty={commonText[lang].never} />
              </td>
              <td>
                <Time at={key.expires_at} lang={lang} empty={t.noExpiry} />
              </td>
              <td>
                <KeyState keyRow={key} lang={lang} />
              </td>
              {manage && (
                <td class="key-actions">
                  {isLive(key) && (
                    <>
                      <a
                        class="button secondary"
                        href={`/keys/${key.id}/roll`}
                        aria-label={`${t.roll}: ${key.name}`}
                      >
                        {t.roll}
                      </a>{" "}
                      <a
                        class="button danger"
                        href={`/keys/${key.id}/revoke`}
                        aria-label={`${t.revoke}: ${key.name}`}
                      >
                        {t.revoke}
                      </a>
                    </>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
