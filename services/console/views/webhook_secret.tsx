/**
 * The answer that shows a signing secret, once: after registering and after a rotation,
 * with how receivers check a delivery's signature, so the secret is put to use before the
 * page is closed.
 * @module
 */
import type { Lang } from "@hire/pages";
import type { Child } from "hono/jsx";
import { webhooksText } from "../text/webhooks.ts";
import { SecretOnce } from "./components.tsx";
import { DeliverySigning } from "./events_signing.tsx";

/** The secret, what happens next (`children`), how to verify, and the way to the webhook. */
export function SecretIssued(
  props: { lang: Lang; title: string; secret: string; webhookId: string; children?: Child },
) {
  const t = webhooksText[props.lang];
  return (
    <section>
      <h1>{props.title}</h1>
      <SecretOnce label={t.secretLabel} value={props.secret} warning={t.secretWarning} />
      {props.children}
      <DeliverySigning lang={props.lang} />
      <p>
        <a class="button" href={`/webhooks/${props.webhookId}`}>{t.toWebhook}</a>
      </p>
    </section>
  );
}
