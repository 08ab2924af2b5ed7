/**
 * Cross-site scripting payloads for partner-written text: Markdown job descriptions and plain
 * job titles. Every payload calls `alert(…)` if it ever runs, so a browser test can fail on any
 * dialog; the Markdown renderer's unit test parses the rendered HTML instead.
 * @module
 */

/** A job description written to break out of the Markdown renderer. */
export interface MarkdownXssVector {
  /** Unique, kebab-case: it names the test case. */
  name: string;
  markdown: string;
}

/** A job title written to break out of the page's `<title>`, attributes or JSON-LD block. */
export interface TitleXssVector {
  /** Unique, kebab-case: it names the test case. */
  name: string;
  title: string;
}

const SVG_ONLOAD_BASE64 = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const SCRIPT_BASE64 = btoa("<script>alert(1)</script>");

/** Description payloads: raw HTML, dangerous link schemes, entity and nesting tricks. */
export const MARKDOWN_XSS_VECTORS: readonly MarkdownXssVector[] = [
  // Script elements.
  { name: "script-plain", markdown: "<script>alert(1)</script>" },
  { name: "script-mixed-case", markdown: "<ScRiPt>alert(1)</sCrIpT>" },
  { name: "script-split-tag", markdown: "<scr<script>ipt>alert(1)</scr</script>ipt>" },
  { name: "script-src-data", markdown: '<script src="data:text/javascript,alert(1)"></script>' },
  { name: "script-in-code-span", markdown: "Use `<script>alert(1)</script>` here" },
  { name: "script-in-fence", markdown: "```html\n<script>alert(1)</script>\n```" },
  { name: "script-in-fence-info", markdown: '```"><script>alert(1)</script>\nx\n```' },
  { name: "script-in-html-block", markdown: "<div>\n<script>alert(1)</script>\n</div>" },
  { name: "script-in-heading", markdown: "# <script>alert(1)</script>" },
  { name: "script-backslash-escaped", markdown: "\\<script>alert(1)\\</script>" },
  { name: "script-after-comment", markdown: "<!--><script>alert(1)</script>-->" },
  { name: "script-in-cdata", markdown: "<![CDATA[<script>alert(1)</script>]]>" },

  // Event handlers on raw HTML.
  { name: "img-onerror", markdown: "<img src=x onerror=alert(1)>" },
  { name: "svg-onload", markdown: "<svg onload=alert(1)>" },
  { name: "body-onload", markdown: "<body onload=alert(1)>" },
  { name: "details-ontoggle", markdown: "<details open ontoggle=alert(1)>" },
  { name: "input-autofocus-onfocus", markdown: "<input autofocus onfocus=alert(1)>" },
  { name: "raw-anchor-onclick", markdown: '<a href="https://x.example" onclick="alert(1)">x</a>' },
  { name: "img-onerror-in-table", markdown: "| a |\n|---|\n| <img src=x onerror=alert(1)> |" },
  { name: "attribute-list-syntax", markdown: "# Title {onmouseover=alert(1)}" },

  // `javascript:` in every spelling.
  { name: "js-link", markdown: "[apply](javascript:alert(1))" },
  { name: "js-link-upper", markdown: "[apply](JAVASCRIPT:alert(1))" },
  { name: "js-link-mixed-case", markdown: "[apply](JaVaScRiPt:alert(1))" },
  { name: "js-link-decimal-entity", markdown: "[apply](&#106;avascript:alert(1))" },
  { name: "js-link-hex-entity", markdown: "[apply](&#x6A;avascript:alert(1))" },
  { name: "js-link-padded-entity", markdown: "[apply](&#0000106;avascript:alert(1))" },
  { name: "js-link-colon-entity", markdown: "[apply](javascript&colon;alert(1))" },
  { name: "js-link-paren-entities", markdown: "[apply](javascript:alert&#40;1&#41;)" },
  { name: "js-link-tab-raw", markdown: "[apply](<java\tscript:alert(1)>)" },
  { name: "js-link-tab-entity", markdown: "[apply](java&Tab;script:alert(1))" },
  { name: "js-link-newline-entity", markdown: "[apply](java&#10;script:alert(1))" },
  { name: "js-link-null-entity", markdown: "[apply](java&#0;script:alert(1))" },
  { name: "js-link-leading-spaces", markdown: "[apply](   javascript:alert(1))" },
  { name: "js-link-leading-spaces-angle", markdown: "[apply](<  javascript:alert(1)>)" },
  { name: "js-link-leading-space-entity", markdown: "[apply](&#32;javascript:alert(1))" },
  { name: "js-link-leading-control", markdown: "[apply](\u0001javascript:alert(1))" },
  { name: "js-link-url-encoded-letter", markdown: "[apply](%6Aavascript:alert(1))" },
  { name: "js-link-url-encoded-colon", markdown: "[apply](javascript%3Aalert(1))" },
  { name: "js-link-comment-newline", markdown: "[apply](javascript://%0Aalert(1))" },
  { name: "js-link-soft-hyphen", markdown: "[apply](java\u00ADscript:alert(1))" },
  { name: "js-link-https-prefix", markdown: "[apply](https:javascript:alert(1))" },
  { name: "js-link-title", markdown: '[apply](javascript:alert(1) "Apply now")' },
  { name: "js-autolink", markdown: "<javascript:alert(1)>" },
  { name: "js-autolink-upper", markdown: "<JAVASCRIPT:alert(1)>" },
  { name: "js-reference", markdown: "[apply][x]\n\n[x]: javascript:alert(1)" },
  { name: "js-reference-entity", markdown: "[apply][x]\n\n[x]: &#x6A;avascript:alert(1)" },
  { name: "js-reference-collapsed", markdown: "[x][]\n\n[x]: <javascript:alert(1)>" },
  { name: "js-linkify", markdown: "Apply at javascript:alert(1) today" },
  { name: "js-linkify-in-query", markdown: "https://x.example/?next=javascript:alert(1)" },

  // Other dangerous schemes.
  { name: "vbscript-link", markdown: "[apply](vbscript:alert(1))" },
  { name: "data-html-link", markdown: "[apply](data:text/html,<script>alert(1)</script>)" },
  { name: "data-html-base64-link", markdown: `[apply](data:text/html;base64,${SCRIPT_BASE64})` },
  { name: "data-html-upper", markdown: "[apply](DATA:text/html,<script>alert(1)</script>)" },
  { name: "data-svg-link", markdown: `[logo](data:image/svg+xml;base64,${SVG_ONLOAD_BASE64})` },
  { name: "data-svg-image", markdown: `![logo](data:image/svg+xml;base64,${SVG_ONLOAD_BASE64})` },
  { name: "js-image", markdown: "![logo](javascript:alert(1))" },
  {
    name: "image-title-breakout",
    markdown: '![logo](https://x.example/a.png "\\" onerror=\\"alert(1)")',
  },
  { name: "file-link", markdown: "[cv](file:///etc/passwd?alert(1))" },

  // Entity tricks and double decoding.
  { name: "entity-script", markdown: "&lt;script&gt;alert(1)&lt;/script&gt;" },
  {
    name: "double-entity-script",
    markdown: "&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;",
  },
  {
    name: "entity-img-in-link-text",
    markdown: "[&lt;img src=x onerror=alert(1)&gt;](https://x.example)",
  },

  // Nested Markdown and HTML.
  { name: "img-in-link-text", markdown: "[<img src=x onerror=alert(1)>](https://x.example)" },
  { name: "html-in-link-text", markdown: "[<b onmouseover=alert(1)>hi</b>](https://x.example)" },
  { name: "js-link-in-link-text", markdown: "[[apply](javascript:alert(1))](https://x.example)" },
  { name: "quote-in-destination", markdown: '[x](https://x.example/"onmouseover="alert(1))' },
  { name: "quote-in-linkify", markdown: 'https://x.example/"onmouseover="alert(1)"' },
  {
    name: "link-title-double-quote-breakout",
    markdown: '[x](https://a.com "\\" onmouseover=alert(1) x=\\"")',
  },
  {
    name: "link-title-single-quote-breakout",
    markdown: "[x](https://a.com '\\' onmouseover=alert(1) x=\\'')",
  },
  {
    name: "link-title-paren-breakout",
    markdown: '[x](https://a.com ("><script>alert(1)</script>))',
  },

  // SVG, MathML and other active elements.
  { name: "svg-script", markdown: "<svg><script>alert(1)</script></svg>" },
  {
    name: "svg-animate-href",
    markdown:
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">x</text></a></svg>',
  },
  { name: "math-href", markdown: '<math href="javascript:alert(1)">x</math>' },
  {
    name: "math-mxss",
    markdown: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  },
  {
    name: "noscript-mxss",
    markdown: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  },
  { name: "iframe-js", markdown: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: "iframe-srcdoc", markdown: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: "object-data", markdown: '<object data="javascript:alert(1)"></object>' },
  { name: "embed-src", markdown: '<embed src="javascript:alert(1)">' },
  {
    name: "form-action",
    markdown: '<form action="javascript:alert(1)"><button>Apply</button></form>',
  },
  {
    name: "button-formaction",
    markdown: '<button formaction="javascript:alert(1)">Apply</button>',
  },
  {
    name: "meta-refresh",
    markdown: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  },
  { name: "base-href", markdown: '<base href="javascript:alert(1)//">\n\n[jobs](/jobs)' },
  { name: "style-element", markdown: "<style>@import 'javascript:alert(1)';</style>" },
  { name: "style-expression", markdown: '<div style="width:expression(alert(1))">x</div>' },
  { name: "style-url-js", markdown: '<p style="background:url(javascript:alert(1))">x</p>' },

  // Unicode and direction tricks.
  { name: "rtl-override-link", markdown: "[\u202Ejavascript:alert(1)](\u202Ejavascript:alert(1))" },
  { name: "rtl-override-linkify", markdown: "Apply: \u202Ejavascript:alert(1)" },
  { name: "rtl-isolate-img", markdown: "\u2067<img src=x onerror=alert(1)>\u2069" },
  { name: "zero-width-script", markdown: "<scr\u200Bipt>alert(1)</scr\u200Bipt>" },
  { name: "fullwidth-script", markdown: "\uFF1Cscript\uFF1Ealert(1)\uFF1C/script\uFF1E" },

  // The same payloads inside Arabic sentences.
  { name: "arabic-script", markdown: "وظيفة مميزة <script>alert(1)</script> في الرياض" },
  { name: "arabic-img-onerror", markdown: "تواصل معنا <img src=x onerror=alert(1)> اليوم" },
  { name: "arabic-js-link", markdown: "[قدّم الآن](javascript:alert(1))" },
  {
    name: "arabic-js-link-entity",
    markdown: "للتقديم [اضغط هنا](&#106;avascript:alert(1)) قبل الموعد",
  },
  { name: "arabic-js-linkify", markdown: "التقديم عبر javascript:alert(1) فقط" },
  {
    name: "arabic-link-title-breakout",
    markdown: '[الموقع](https://a.com "\\" onmouseover=alert(1) x=\\"")',
  },
  { name: "arabic-rtl-override", markdown: "راتب ممتاز \u202E<svg onload=alert(1)>\u202C في جدة" },
];

/** Title payloads: the page shows titles as plain text and in a JSON-LD `<script>`. */
export const TITLE_XSS_VECTORS: readonly TitleXssVector[] = [
  { name: "title-close-title", title: "</title><script>alert(1)</script>" },
  { name: "title-attribute-breakout", title: '"><svg onload=alert(1)>' },
  { name: "title-single-quote-breakout", title: "'><img src=x onerror=alert(1)>" },
  { name: "title-close-script", title: "</script><script>alert(1)</script>" },
  { name: "title-close-script-upper", title: "</SCRIPT ><script>alert(1)</script>" },
  { name: "title-script-comment-open", title: "<!--<script>alert(1)</script>" },
  { name: "title-json-breakout", title: '","x":"</script><script>alert(1)</script>' },
  {
    name: "title-line-separators",
    title: "Engineer\u2028\u2029</script><script>alert(1)</script>",
  },
  { name: "title-js-scheme", title: "javascript:alert(1)" },
  { name: "title-template", title: "{{constructor.constructor('alert(1)')()}}" },
  { name: "title-arabic-close-title", title: "مهندس برمجيات</title><script>alert(1)</script>" },
  { name: "title-arabic-close-script", title: "محاسب</script><script>alert(1)</script>" },
];
