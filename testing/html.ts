/** Reading the site's HTML in tests: a real HTML parser (parse5) and a few small queries. */
import { type DefaultTreeAdapterMap, parse } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
/** An element of a parsed page. */
export type Element = DefaultTreeAdapterMap["element"];

/** Parses a whole document. */
export function parseHtml(html: string): Element {
  return parse(html) as unknown as Element;
}

function* walk(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  const kids = "childNodes" in node ? node.childNodes : [];
  for (const kid of kids) yield* walk(kid);
  if ("content" in node && node.content) yield* walk(node.content as unknown as Node);
}

/** Every element below `root` (itself included) with this tag name. */
export function elements(root: Element, tag?: string): Element[] {
  return [...walk(root)].filter((e) => !tag || e.tagName === tag);
}

/** The first element with this tag and, if given, attribute value; throws when none. */
export function first(root: Element, tag: string, attr?: [string, string]): Element {
  const found = elements(root, tag).find((e) => !attr || attrOf(e, attr[0]) === attr[1]);
  if (!found) throw new Error(`no <${tag}${attr ? ` ${attr[0]}="${attr[1]}"` : ""}>`);
  return found;
}

/** An attribute's value, or undefined. */
export function attrOf(e: Element, name: string): string | undefined {
  return e.attrs.find((a) => a.name === name)?.value;
}

/** The text inside an element, whitespace folded. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const visit = (n: Node) => {
    if (n.nodeName === "#text") parts.push((n as DefaultTreeAdapterMap["textNode"]).value);
    if ("childNodes" in n) { for (const k of n.childNodes) visit(k); }
  };
  visit(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}
