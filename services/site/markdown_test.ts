import assert from "node:assert/strict";
import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { MARKDOWN_XSS_VECTORS, TITLE_XSS_VECTORS } from "@hire/testing/xss_vectors.ts";
import { createRenderCache, isAllowedHref, LINK_REL, renderMarkdown } from "./markdown.ts";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "form",
  "meta",
  "base",
  "style",
  "svg",
  "math",
  "img",
]);

// Everything markdown-it can emit with our configuration; anything else means raw HTML got
// through, even if it is not on the list above.
const ALLOWED_ELEMENTS = new Set([
  "p",
  "br",
  "hr",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "em",
  "strong",
  "s",
  "code",
  "pre",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
const ALLOWED_ATTRIBUTES = new Set(["dir", "href", "rel", "title", "class", "start"]);
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
// The parser creates these around any fragment; a raw `<body onload>` would merge its
// attributes into them, so they are checked for attributes but not for their names.
const DOCUMENT_ELEMENTS = new Set(["html", "head", "body"]);

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function childrenOf(node: Node): Node[] {
  const children: Node[] = "childNodes" in node ? [...node.childNodes] : [];
  // A `<template>`'s children live in a separate fragment that the browser can still clone.
  if ("content" in node) children.push(node.content);
  return children;
}

/** Parses `html` the way the job page's body would and returns every element in it. */
function parseElements(html: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node): void => {
    if (isElement(node)) found.push(node);
    childrenOf(node).forEach(visit);
  };
  visit(parse(`<!doctype html><html><head></head><body>${html}</body></html>`));
  return found;
}

function textOf(html: string): string {
  const texts: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeName === "#text" && "value" in node) texts.push(node.value);
    childrenOf(node).forEach(visit);
  };
  visit(parse(`<!doctype html><body>${html}`));
  return texts.join("");
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function hrefProblem(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `href ${JSON.stringify(href)} is not an absolute URL`;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol)
    ? null
    : `href ${JSON.stringify(href)} has protocol ${url.protocol}`;
}

/** Everything in `html` that could run script or that our renderer never emits. */
function unsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  for (const element of parseElements(html)) {
    const tag = element.tagName;
    if (DOCUMENT_ELEMENTS.has(tag)) {
      if (element.attrs.length > 0) problems.push(`<${tag}> got attributes from the input`);
      continue;
    }
    if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`<${tag}> element`);
    else if (!ALLOWED_ELEMENTS.has(tag)) problems.push(`unexpected <${tag}> element`);
    for (const { name, value } of element.attrs) {
      if (name.toLowerCase().startsWith("on")) problems.push(`<${tag} ${name}> event handler`);
      else if (name === "style") problems.push(`<${tag} style="${value}">`);
      else if (!ALLOWED_ATTRIBUTES.has(name)) problems.push(`unexpected <${tag} ${name}>`);
    }
    const href = attr(element, "href");
    if (href !== undefined) {
      const problem = hrefProblem(href);
      if (problem) problems.push(problem);
    }
    if (tag === "a" && attr(element, "rel") !== LINK_REL) {
      problems.push(`<a> with rel=${JSON.stringify(attr(element, "rel"))}`);
    }
  }
  return problems;
}

function tags(html: string): string[] {
  return parseElements(html).map((e) => e.tagName).filter((t) => !DOCUMENT_ELEMENTS.has(t));
}

function links(html: string): Element[] {
  return parseElements(html).filter((e) => e.tagName === "a");
}

Deno.test("the XSS vector lists are large, uniquely named and all call alert", () => {
  assert.ok(MARKDOWN_XSS_VECTORS.length >= 40);
  assert.ok(TITLE_XSS_VECTORS.length >= 3);
  const names = [...MARKDOWN_XSS_VECTORS, ...TITLE_XSS_VECTORS].map((v) => v.name);
  assert.equal(new Set(names).size, names.length);
  for (const v of MARKDOWN_XSS_VECTORS) {
    const decoded = v.markdown.replace(/base64,([A-Za-z0-9+/=]+)/g, (_, b64) => atob(b64));
    assert.match(decoded, /alert/, v.name);
  }
  for (const v of TITLE_XSS_VECTORS) assert.match(v.title, /alert/, v.name);
});

Deno.test("the unsafe-markup check itself flags what it looks for", () => {
  assert.notDeepEqual(unsafeMarkup("<img src=x onerror=alert(1)>"), []);
  assert.notDeepEqual(unsafeMarkup('<a href="javascript:alert(1)" rel="x">x</a>'), []);
  assert.notDeepEqual(unsafeMarkup('<a href="/jobs" rel="nofollow ugc noopener">x</a>'), []);
  assert.notDeepEqual(unsafeMarkup("<body onload=alert(1)>"), []);
  assert.notDeepEqual(unsafeMarkup("<template><script>alert(1)</script></template>"), []);
  assert.notDeepEqual(unsafeMarkup('<p style="color:red">x</p>'), []);
  assert.deepEqual(
    unsafeMarkup('<p dir="auto"><a href="https://x.sa" rel="nofollow ugc noopener">x</a></p>'),
    [],
  );
});

for (const vector of MARKDOWN_XSS_VECTORS) {
  Deno.test(`renderMarkdown leaves no executable markup: ${vector.name}`, () => {
    const html = renderMarkdown(vector.markdown);
    assert.deepEqual(unsafeMarkup(html), [], html);
  });
}

Deno.test("renderMarkdown shifts headings so # renders as h3 and nothing reaches h1 or h2", () => {
  const html = renderMarkdown("# A\n## B\n### C\n#### D\n##### E\n###### F\n\nG\n=\n\nH\n-");
  assert.deepEqual(tags(html), ["h3", "h4", "h5", "h6", "h6", "h6", "h3", "h4"]);
  assert.match(html, /<h3 dir="auto">A<\/h3>/);
});

Deno.test("renderMarkdown renders lists, emphasis, strikethrough and code", () => {
  const html = renderMarkdown("- *one*\n- **two**\n\n3. three\n4. ~~four~~\n\n`code`");
  assert.deepEqual(tags(html), [
    "ul",
    "li",
    "em",
    "li",
    "strong",
    "ol",
    "li",
    "li",
    "s",
    "p",
    "code",
  ]);
  assert.equal(attr(parseElements(html).find((e) => e.tagName === "ol")!, "start"), "3");
});

Deno.test("renderMarkdown gives every partner-written block dir=auto, Arabic included", () => {
  const html = renderMarkdown(
    "مرحبا بكم في **الرياض** and Jeddah\n\n## المهام\n\n> اقتباس\n\n- بند\n\n| عمود |\n|---|\n| قيمة |",
  );
  const elements = parseElements(html);
  const blocks = elements.filter((e) =>
    ["p", "h4", "blockquote", "ul", "table"].includes(e.tagName)
  );
  assert.equal(blocks.length, 6);
  for (const block of blocks) assert.equal(attr(block, "dir"), "auto", block.tagName);
  // Items and cells follow their list's or table's direction, so the bullets and the first
  // column sit on the Arabic side.
  for (const inner of elements.filter((e) => ["li", "th", "td"].includes(e.tagName))) {
    assert.equal(attr(inner, "dir"), undefined, inner.tagName);
  }
  assert.match(textOf(html), /مرحبا بكم في الرياض and Jeddah/);
});

Deno.test("renderMarkdown shows raw HTML as text", () => {
  const source = '<b>bold</b> <script>alert(1)</script> <a href="/jobs" onclick="alert(1)">x</a>';
  const html = renderMarkdown(source);
  assert.deepEqual(tags(html), ["p"]);
  assert.equal(textOf(html).trim(), source);
});

Deno.test("renderMarkdown keeps allowed links and gives them rel but no target", () => {
  const html = renderMarkdown(
    '[site](https://example.sa/jobs?a=1&b=2 "Jobs") <https://example.sa/x> and http://example.com/y',
  );
  const found = links(html);
  assert.deepEqual(found.map((a) => attr(a, "href")), [
    "https://example.sa/jobs?a=1&b=2",
    "https://example.sa/x",
    "http://example.com/y",
  ]);
  for (const a of found) {
    assert.equal(attr(a, "rel"), LINK_REL);
    assert.equal(attr(a, "target"), undefined);
  }
  assert.equal(attr(found[0]!, "title"), "Jobs");
});

Deno.test("renderMarkdown keeps mailto links, written or bare", () => {
  const found = links(renderMarkdown("[Email us](mailto:hr@example.sa) or hr2@example.sa"));
  assert.deepEqual(found.map((a) => attr(a, "href")), [
    "mailto:hr@example.sa",
    "mailto:hr2@example.sa",
  ]);
});

Deno.test("renderMarkdown leaves a refused link's text visible and makes no link", () => {
  for (
    const source of [
      "[apply here](javascript:alert(1))",
      "[apply here](/jobs/1)",
      "[apply here](//evil.example/x)",
      "[apply here](ftp://files.example.sa/cv)",
    ]
  ) {
    const html = renderMarkdown(source);
    assert.deepEqual(links(html), [], source);
    assert.match(textOf(html), /apply here/, source);
  }
});

Deno.test("renderMarkdown renders no images: the syntax becomes a plain link", () => {
  const html = renderMarkdown("![company logo](https://cdn.example.sa/logo.png)");
  assert.ok(!tags(html).includes("img"));
  assert.match(textOf(html), /!company logo/);
  assert.equal(attr(links(html)[0]!, "href"), "https://cdn.example.sa/logo.png");
});

Deno.test("renderMarkdown writes table alignment as a class, not a style", () => {
  const html = renderMarkdown("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |");
  const cells = parseElements(html).filter((e) => e.tagName === "td");
  assert.deepEqual(cells.map((c) => attr(c, "class")), [
    "md-align-left",
    "md-align-center",
    "md-align-right",
  ]);
  assert.deepEqual(unsafeMarkup(html), []);
});

Deno.test("renderMarkdown turns a single newline into a line break", () => {
  assert.deepEqual(tags(renderMarkdown("line one\nline two")), ["p", "br"]);
});

Deno.test("isAllowedHref accepts only absolute http, https and mailto URLs", () => {
  for (const ok of ["https://example.sa", "HTTP://example.sa/x", "mailto:hr@example.sa"]) {
    assert.equal(isAllowedHref(ok), true, ok);
  }
  for (
    const bad of [
      "javascript:alert(1)",
      " https://example.sa",
      "java%09script:alert(1)",
      "https:javascript:alert(1)",
      "https://",
      "/jobs",
      "//example.sa",
      "data:image/png;base64,AAAA",
      "https://exa mple.sa",
      "https://example.sa/\tx",
    ]
  ) {
    assert.equal(isAllowedHref(bad), false, bad);
  }
});

Deno.test("render cache serves a second view of the same key without rendering again", () => {
  const cache = createRenderCache({ maxEntries: 10 });
  const first = cache.render("job_1@1", "# Title");
  const second = cache.render("job_1@1", "# Title");
  assert.equal(second, first);
  assert.equal(first, renderMarkdown("# Title"));
  assert.deepEqual(cache.stats(), { hits: 1, misses: 1, size: 1 });
});

Deno.test("render cache renders again for a new content version", () => {
  const cache = createRenderCache({ maxEntries: 10 });
  cache.render("job_1@1", "old text");
  const html = cache.render("job_1@2", "new text");
  assert.match(html, /new text/);
  assert.deepEqual(cache.stats(), { hits: 0, misses: 2, size: 2 });
});

Deno.test("render cache keeps at most maxEntries and drops the least recently viewed", () => {
  const cache = createRenderCache({ maxEntries: 2 });
  cache.render("a@1", "a");
  cache.render("b@1", "b");
  cache.render("a@1", "a");
  cache.render("c@1", "c");
  assert.equal(cache.stats().size, 2);
  cache.render("a@1", "a");
  assert.deepEqual(cache.stats(), { hits: 2, misses: 3, size: 2 });
  cache.render("b@1", "b");
  assert.deepEqual(cache.stats(), { hits: 2, misses: 4, size: 2 });
});

Deno.test("render cache refuses a maxEntries that is not a positive integer", () => {
  for (const maxEntries of [0, -1, 1.5, Number.NaN]) {
    assert.throws(() => createRenderCache({ maxEntries }), RangeError);
  }
});

Deno.test("renderMarkdown renders a 20,000-character description", () => {
  const paragraph = "وظيفة **مهندس برمجيات** في الرياض — we build _hiring_ tools. https://x.sa\n\n";
  const source = paragraph.repeat(Math.ceil(20_000 / paragraph.length)).slice(0, 20_000);
  const html = renderMarkdown(source);
  assert.ok(html.length > source.length);
  assert.deepEqual(unsafeMarkup(html), []);
});

Deno.test("renderMarkdown returns for 20,000-character inputs built to be slow", () => {
  const n = 20_000;
  const cols = 2_500;
  const inputs = [
    "*".repeat(n),
    "_".repeat(n),
    "[".repeat(n),
    "![".repeat(n / 2),
    "[](".repeat(n / 3),
    "*[".repeat(n / 2),
    "`a``".repeat(n / 4),
    "<a".repeat(n / 2),
    ">".repeat(n),
    "- ".repeat(n / 2),
    "a**".repeat(n / 3),
    "&#".repeat(n / 2),
    "a@".repeat(n / 2),
    "https://a.sa/" + "(".repeat(n - 13),
    '[a](b "'.repeat(n / 7),
    // Tables pad short rows to the header's width: the widest output per input character.
    "|a".repeat(cols) + "|\n" + "|-".repeat(cols) + "|\n" + "x\n".repeat((n - 4 * cols - 4) / 2),
  ];
  for (const source of inputs) {
    assert.ok(source.length <= n);
    assert.equal(typeof renderMarkdown(source), "string");
  }
});

Deno.test("renderMarkdown bounds a wide table's amplification by rendering it without tables", () => {
  const cols = 2_500;
  const source = "|a".repeat(cols) + "|\n" + "|-".repeat(cols) + "|\n" + "x\n".repeat(4_000);
  const html = renderMarkdown(source);
  assert.ok(html.length <= 200_000, `${html.length} characters`);
  assert.ok(!html.includes("<table"));
  assert.ok(html.includes("x"), "the text stays");
  assert.ok(
    renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |").includes("<table"),
    "small tables stay",
  );
});
