import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { ASYNCAPI_FILES, asyncApiDocument, asyncApiYaml, type Scope } from "./asyncapi/document.ts";
import type { TopicDeclaration } from "./declaration.ts";
import { TOPICS } from "./topology.ts";

type Json = Record<string, unknown>;
const SCOPES = Object.keys(ASYNCAPI_FILES) as Scope[];
const topics: readonly TopicDeclaration[] = TOPICS;

/** Every `$ref` under `node`. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [v] : refsIn(v)
  );
}

function resolve(doc: Json, ref: string): unknown {
  assert.match(ref, /^#\//, `${ref} is not local`);
  return ref.slice(2).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, step) => (node as Json | undefined)?.[step], doc);
}

for (const scope of SCOPES) {
  const file = ASYNCAPI_FILES[scope];
  const name = file.pathname.split("/").pop();
  const doc = asyncApiDocument(scope);
  const channels = doc.channels as Record<string, Json>;
  const components = doc.components as Record<"messages" | "schemas", Record<string, Json>>;

  Deno.test(`${name} is what \`deno task asyncapi\` writes`, async () => {
    const text = asyncApiYaml(scope);
    assert.ok(
      (await Deno.readTextFile(file)) === text,
      `${file.pathname} differs from the declarations: run \`deno task asyncapi\``,
    );
    assert.deepEqual(parse(text), doc);
    assert.match(text, /^asyncapi: 3\.0\.0$/m);
  });

  Deno.test(`${name} holds ${scope === "public" ? "the public topics" : "every topic"}, each with its messages`, () => {
    const expected = topics.filter((t) => scope === "all" || t.visibility === "public");
    assert.deepEqual(Object.keys(channels), expected.map((t) => t.channel));
    for (const [id, channel] of Object.entries(channels)) {
      const messages = Object.values(channel.messages as Record<string, Json>);
      assert.ok(messages.length > 0, `${id} has no message`);
      for (const ref of refsIn(messages)) {
        const message = resolve(doc, ref) as Json;
        assert.ok(message, `${id}: ${ref} resolves`);
        assert.ok(resolve(doc, (message.payload as { $ref: string }).$ref), `${ref} payload`);
      }
    }
  });

  Deno.test(`every operation of ${name} sends or receives its channel's messages`, () => {
    for (const [id, op] of Object.entries(doc.operations as Record<string, Json>)) {
      assert.ok(op.action === "send" || op.action === "receive", id);
      const channelRef = (op.channel as { $ref: string }).$ref;
      assert.ok(resolve(doc, channelRef), `${id}: ${channelRef}`);
      const messages = op.messages as { $ref: string }[];
      assert.ok(messages.length > 0, `${id} has no message`);
      for (const { $ref } of messages) {
        assert.ok($ref.startsWith(`${channelRef}/messages/`), `${id}: ${$ref}`);
        assert.ok(resolve(doc, $ref), `${id}: ${$ref}`);
      }
    }
  });

  Deno.test(`every $ref of ${name} resolves and every component is used`, () => {
    for (const ref of refsIn(doc)) assert.ok(resolve(doc, ref) !== undefined, ref);
    const { components: _, ...outside } = doc;
    const reached = new Set<string>();
    const visit = (ref: string) => {
      if (reached.has(ref)) return;
      reached.add(ref);
      refsIn(resolve(doc, ref)).forEach(visit);
    };
    refsIn(outside).forEach(visit);
    for (const kind of ["messages", "schemas"] as const) {
      for (const id of Object.keys(components[kind])) {
        assert.ok(reached.has(`#/components/${kind}/${id}`), `${kind}/${id} is never used`);
      }
    }
  });

  Deno.test(`the examples of ${name} are valid under their payload schemas`, () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    // ajv-formats is CommonJS: its function is the default export's `default`.
    (addFormats as unknown as { default: (a: Ajv) => void }).default(ajv);
    ajv.addSchema({ components: { schemas: components.schemas } }, "doc");
    for (const [id, message] of Object.entries(components.messages)) {
      const validate = ajv.getSchema(`doc${(message.payload as { $ref: string }).$ref}`)!;
      for (const example of message.examples as { name: string; payload: unknown }[]) {
        assert.ok(
          validate(example.payload),
          `${id}/${example.name}: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
  });
}

Deno.test("asyncapi.yaml, served to the public, names no broker and no internal topic", () => {
  const doc = asyncApiDocument("public");
  const yaml = asyncApiYaml("public");
  assert.equal(doc.servers, undefined);
  assert.doesNotMatch(yaml, /#\/servers\//);
  assert.doesNotMatch(yaml, /127\.0\.0\.1|localhost|:9092|:29092/);
  assert.doesNotMatch(yaml, /asyncapi-internal/);
  for (const t of topics.filter((t) => t.visibility !== "public")) {
    assert.ok(!yaml.includes(t.name), `${t.name} is internal but named`);
  }
  const tags = (doc.info as { tags: { name: string }[] }).tags.map((t) => t.name);
  assert.deepEqual(tags, ["public"]);
});

Deno.test("asyncapi-internal.yaml describes the brokers, and every channel is on them", () => {
  const doc = asyncApiDocument("all");
  const servers = doc.servers as Record<string, { host: string }>;
  assert.deepEqual(Object.keys(servers), ["local", "docker-compose"]);
  for (const [id, channel] of Object.entries(doc.channels as Record<string, Json>)) {
    assert.deepEqual(
      channel.servers,
      Object.keys(servers).map((s) => ({ $ref: `#/servers/${s}` })),
      id,
    );
  }
});
