import assert from "node:assert/strict";
import { renderFamilies, renderFamily } from "./exposition.ts";

Deno.test("renderFamily: HELP, TYPE, then one line per sample with its labels", () => {
  assert.equal(
    renderFamily({
      name: "hire_messages_set_aside_total",
      help: "Messages set aside.",
      type: "counter",
      samples: [
        { labels: { service: "job", reason: "unknown_partner" }, value: 2 },
        { labels: {}, value: 0 },
      ],
    }),
    "# HELP hire_messages_set_aside_total Messages set aside.\n" +
      "# TYPE hire_messages_set_aside_total counter\n" +
      'hire_messages_set_aside_total{service="job",reason="unknown_partner"} 2\n' +
      "hire_messages_set_aside_total 0\n",
  );
});

Deno.test("renderFamily: label values and help escape backslash, quote and line feed", () => {
  const text = renderFamily({
    name: "x_total",
    help: 'a \\ b\nc "d"',
    type: "counter",
    samples: [{ labels: { topic: 'a\\b"c\nd' }, value: 1 }],
  });
  assert.equal(
    text,
    '# HELP x_total a \\\\ b\\nc "d"\n# TYPE x_total counter\nx_total{topic="a\\\\b\\"c\\nd"} 1\n',
  );
});

Deno.test("renderFamily: special values as the format spells them", () => {
  const line = (value: number) =>
    renderFamily({ name: "v", help: "h", type: "counter", samples: [{ labels: {}, value }] })
      .split("\n")[2];
  assert.equal(line(NaN), "v NaN");
  assert.equal(line(Infinity), "v +Inf");
  assert.equal(line(-Infinity), "v -Inf");
  assert.equal(line(1.5), "v 1.5");
});

Deno.test("renderFamilies: a family with no samples is still described; nothing at all is empty", () => {
  assert.equal(
    renderFamilies([{ name: "a_total", help: "A.", type: "counter", samples: [] }]),
    "# HELP a_total A.\n# TYPE a_total counter\n",
  );
  assert.equal(renderFamilies([]), "");
});
