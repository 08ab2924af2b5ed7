/** A key just issued, shown this once, with how to call the API with it. */
import type { Lang } from "@hire/pages";
import { keysText } from "../text/keys.ts";
import { SecretOnce } from "./components.tsx";

/** The new key and its use: the Authorization header and a request to try. */
export function NewKey(props: { apiKey: string; apiBaseUrl: string; lang: Lang }) {
  const t = keysText[props.lang];
  const header = `Authorization: Bearer ${props.apiKey}`;
  const curl = `curl -s "${props.apiBaseUrl}/v1/partner/jobs?limit=5" \\\n  -H "${header}"`;
  return (
    <>
      <SecretOnce label={t.secretLabel} value={props.apiKey} warning={t.secretWarning} />
      <section class="card">
        <h2>{t.usageTitle}</h2>
        <p>{t.usageHeader}</p>
        <pre dir="ltr"><code>{header}</code></pre>
        <p>{t.usageCurl}</p>
        <pre dir="ltr"><code>{curl}</code></pre>
      </section>
    </>
  );
}
