/**
 * The human-readable reference: a page that renders `/v1/openapi.json` with Swagger UI, whose
 * files come from the pinned `swagger-ui-dist` package and are served by the edge itself (no
 * CDN), and the error catalogue page that problem documents' `type` URIs point to.
 * @module
 */
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";
import type { CatalogueEntry } from "./error_catalogue.ts";

/** The package files the reference page loads, by name, with their media types. */
export const REFERENCE_ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

/** The name of a reference page asset. */
export type AssetName = keyof typeof REFERENCE_ASSETS;

/** An asset's bytes, read from the installed package. */
export function readAsset(name: AssetName): Promise<Uint8Array<ArrayBuffer>> {
  // The package's own helper: its folder in Deno's npm cache (or node_modules).
  const dir: string = getAbsoluteFSPath();
  return Deno.readFile(`${dir}/${name}`);
}

const TITLE = "Partner hiring API v1 — reference";

/** The reference page. */
export function referencePage(): string {
  // validatorUrl: null keeps Swagger UI from sending the document to an outside validator.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE}</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>
SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
});
</script>
</body>
</html>
`;
}

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll(
    '"',
    "&quot;",
  );

/** The error catalogue page: one row per code, anchored by the code. */
export function errorCataloguePage(entries: readonly CatalogueEntry[]): string {
  const rows = entries.map((e) =>
    `<tr id="${escapeHtml(e.code)}"><td>${e.status}</td><td><code>${
      escapeHtml(e.code)
    }</code></td>` +
    `<td>${escapeHtml(e.title)}</td><td>${escapeHtml(e.message)}</td>` +
    `<td lang="ar" dir="rtl">${escapeHtml(e.messageAr)}</td></tr>`
  ).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error codes — ${TITLE}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: .4rem .6rem; text-align: start; vertical-align: top; }
tr:target { background: #fff6d5; }
</style>
</head>
<body>
<h1>Error codes</h1>
<p>Every error is an RFC 9457 problem document whose <code>type</code> points to its row here.
The full reference is at <a href="/docs">/docs</a>.</p>
<table>
<thead><tr><th>Status</th><th>Code</th><th>Title</th><th>Message</th><th>Arabic message</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
