import assert from "node:assert/strict";
import type { TopicDeclaration } from "./declaration.ts";
import { GROUPS } from "./groups.ts";
import { TOPICS } from "./topology.ts";

const ROOT = new URL("../../", import.meta.url);

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* sourceFiles(url);
    else if (/\.tsx?$/.test(entry.name)) yield url;
  }
}

/** Every `<pattern>` variable named in the source of services/ and shared/, with a file. */
async function variablesRead(pattern: RegExp): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const dir of ["services/", "shared/"]) {
    for await (const file of sourceFiles(new URL(dir, ROOT))) {
      for (const [name] of (await Deno.readTextFile(file)).matchAll(pattern)) {
        found.set(name, file.pathname.slice(ROOT.pathname.length));
      }
    }
  }
  return found;
}

Deno.test("every TOPIC_* variable in services/ and shared/ is a declared topic's", async () => {
  const declared = new Set<string>(TOPICS.map((t: TopicDeclaration) => t.env));
  const read = await variablesRead(/\bTOPIC_[A-Z0-9_]+\b/g);
  assert.ok(read.size > 0, "the scan found no variable at all");
  for (const [name, file] of read) {
    assert.ok(declared.has(name), `${file} reads ${name}, which no topic declares`);
  }
});

Deno.test("every *_GROUP_ID variable in services/ and shared/ is a declared group's", async () => {
  const declared = new Set<string>(Object.values(GROUPS).map((g) => g.env));
  for (const [name, file] of await variablesRead(/\b[A-Z][A-Z0-9_]*_GROUP_ID\b/g)) {
    assert.ok(declared.has(name), `${file} reads ${name}, which no group declares`);
  }
});

Deno.test("every declared producer and consumer is a folder under services/", async () => {
  const services = new Set<string>();
  for await (const entry of Deno.readDir(new URL("services/", ROOT))) {
    if (entry.isDirectory) services.add(entry.name);
  }
  for (const t of TOPICS as readonly TopicDeclaration[]) {
    for (const p of t.producers) assert.ok(services.has(p.service), `${t.name}: ${p.service}`);
    for (const c of t.consumers) {
      assert.ok(services.has(c.group.service), `${t.name}: ${c.group.service}`);
    }
  }
});
