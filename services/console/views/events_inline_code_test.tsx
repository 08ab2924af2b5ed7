import assert from "node:assert/strict";
import { InlineCode } from "./events_inline_code.tsx";

const html = async (text: string) => String(await (<InlineCode text={text} />).toString());

Deno.test("InlineCode shows each backticked part as left-to-right code, the rest as text", async () => {
  assert.equal(
    await html("يحمل `changed_fields` كل حقل و`status`."),
    'يحمل <code dir="ltr">changed_fields</code> كل حقل و<code dir="ltr">status</code>.',
  );
  assert.equal(await html("no code"), "no code");
});

Deno.test("InlineCode escapes what it shows", async () => {
  assert.equal(
    await html("`<t>.<body>` & <b>"),
    '<code dir="ltr">&lt;t&gt;.&lt;body&gt;</code> &amp; &lt;b&gt;',
  );
});
