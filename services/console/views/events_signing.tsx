/** How a webhook receiver checks that a delivery is ours: the signature and the headers. */
import type { Lang } from "@hire/pages";
import {
  DEFAULT_TOLERANCE_SECONDS,
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  SECRET_OVERLAP_MS,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from "@hire/webhooks";
import { eventsText } from "../text/events.ts";
import { InlineCode } from "./events_inline_code.tsx";

// The check in a few lines of no language in particular, with the tolerance the sender uses.
const CHECK = [
  'signed   = t + "." + raw_body',
  'expected = hex(hmac_sha256(key = "whsec_…", message = signed))',
  `valid    = any(v1 == expected) and abs(now - t) <= ${DEFAULT_TOLERANCE_SECONDS}`,
].join("\n");

/** The signing section of the event catalogue. */
export function DeliverySigning(props: { lang: Lang }) {
  const t = eventsText[props.lang];
  const headers: [string, string][] = [
    [SIGNATURE_HEADER, t.signatureHeader],
    [TIMESTAMP_HEADER, t.timestampHeader],
    [DELIVERY_ID_HEADER, t.deliveryIdHeader],
    [EVENT_HEADER, t.eventHeader],
  ];
  return (
    <section class="card" id="signing" aria-labelledby="signing-title">
      <h2 id="signing-title">{t.signingTitle}</h2>
      <p>
        <InlineCode text={t.signingIntro(SIGNATURE_HEADER)} />
      </p>
      <ol>
        <li>{t.stepBody}</li>
        <li>
          <InlineCode text={t.stepParse(SIGNATURE_HEADER)} />
        </li>
        <li>
          <InlineCode text={t.stepHmac} />
        </li>
        <li>
          <InlineCode text={t.stepCompare(DEFAULT_TOLERANCE_SECONDS / 60)} />
        </li>
      </ol>
      <pre dir="ltr"><code>{CHECK}</code></pre>
      <p>
        <InlineCode text={t.rotation(SECRET_OVERLAP_MS / 3_600_000)} />
      </p>
      <p>{t.answer}</p>
      <h3>{t.headersTitle}</h3>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.header}</th>
              <th scope="col">{t.meaning}</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, meaning]) => (
              <tr>
                <th scope="row">
                  <code dir="ltr">{name}</code>
                </th>
                <td>
                  <InlineCode text={meaning} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
