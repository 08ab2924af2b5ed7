import assert from "node:assert/strict";
import {
  datedJsonDate,
  datedProfiles,
  keepRequest,
  keptMarkdown,
  keptProfile,
  renamed,
} from "./keep_run.ts";

const REPORT = `# Baselines: our API beside minimal handlers

Measured on 2026-12-01 with \`deno task bench:baselines\`. Raw figures:
\`baselines-2026-12-01.json\`.

#### job (\`profiles/baselines-2026-12-01-create-job.cpuprofile\`)
#### edge (\`profiles/baselines-2026-12-01-create-edge.cpuprofile.gz\`)
An older run: \`baselines-2026-11-30.json\`, \`profiles/baselines-2026-11-30-create-job.cpuprofile\`.
`;
const request = { task: "baselines", label: "sixth-machine", note: "a Zen 5, at abc1234." };

Deno.test("keepRequest takes a task, a label and a note", () => {
  assert.deepEqual(keepRequest(["starvation", "twenty-sixth-machine-split", " split, 1.51×. "]), {
    task: "starvation",
    label: "twenty-sixth-machine-split",
    note: "split, 1.51×.",
  });
});

Deno.test("keepRequest refuses what would be written under a name the rewrites miss", () => {
  assert.throws(() => keepRequest(["starvation", "split"]), /usage/);
  assert.throws(() => keepRequest(["starvation", "split", "note", "extra"]), /usage/);
  assert.throws(() => keepRequest(["starvation", "Split Run", "note"]), /label must be lowercase/);
  assert.throws(() => keepRequest(["../etc", "split", "note"]), /task must be lowercase/);
  assert.throws(() => keepRequest(["starvation", "2026-12-01-split", "note"]), /not be a date/);
});

Deno.test("datedJsonDate reads the date of the raw figures the report names", () => {
  assert.equal(datedJsonDate(REPORT, "baselines"), "2026-12-01");
  assert.throws(
    () => datedJsonDate("# Soak\n\nno figures\n", "soak"),
    /names no soak-<date>\.json/,
  );
});

Deno.test("datedProfiles lists the run's own profiles once each, not an older run's", () => {
  assert.deepEqual(datedProfiles(REPORT + REPORT, "baselines", "2026-12-01"), [
    "create-job",
    "create-edge",
  ]);
});

Deno.test("renamed points the run's names at the kept files and leaves the rest", () => {
  const text = renamed(REPORT, request, "2026-12-01");
  assert.match(text, /`baselines-sixth-machine\.json`/);
  assert.match(text, /profiles\/baselines-sixth-machine-create-job\.cpuprofile\.gz/);
  assert.match(text, /profiles\/baselines-sixth-machine-create-edge\.cpuprofile\.gz`/);
  assert.doesNotMatch(text, /2026-12-01\.json|2026-12-01-create/);
  assert.match(text, /baselines-2026-11-30\.json.*baselines-2026-11-30-create-job\.cpuprofile`/);
  assert.equal(
    keptProfile(request, "create-job"),
    text.match(/profiles\/[^`]*create-job[^`]*/)![0],
  );
});

Deno.test("keptMarkdown puts the note after the title", () => {
  const md = keptMarkdown(REPORT, request, "2026-12-01");
  const [title, note, next] = md.split("\n\n");
  assert.equal(title, "# Baselines: our API beside minimal handlers");
  assert.equal(note, "**This run:** a Zen 5, at abc1234.");
  assert.match(next!, /^Measured on 2026-12-01/);
  assert.throws(() => keptMarkdown("no title", request, "2026-12-01"), /open with a title/);
});
