/**
 * A real browser for tests that look at the site as a person would: Debian's Chromium driven
 * through playwright-core (which downloads no browser of its own). One browser per test file,
 * a fresh context (cookies, cache, viewport) per test, and a watch on each page for what must
 * never happen on the site: a dialog, a Content-Security-Policy violation, an uncaught error.
 * @module
 */
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";

// The few browser globals the functions below use inside the page. Declared here, in this
// module only: adding the DOM library would retype every other file `deno check` sees.
interface InPageElement {
  localName: string;
  attributes: Iterable<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; right: number; width: number };
  scrollWidth: number;
  clientWidth: number;
}
declare const document: {
  documentElement: InPageElement;
  querySelectorAll(selectors: string): Iterable<InPageElement>;
  addEventListener(
    type: string,
    listener: (e: { violatedDirective: string; blockedURI: string }) => void,
  ): void;
};
declare function getComputedStyle(element: unknown): { direction: string; overflowX: string };

/** Where `deno task test` found or installed Chromium (deploy/local/chromium.ts). */
export const chromiumPath = (): string => Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

// What this machine kind needs: root (so no sandbox), no GPU, no network but loopback (so
// nothing that phones home: QUIC probes, component and field-trial updates, sync).
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The test file's browser. */
export interface TestBrowser {
  /** A new context; `inContext` closes it. */
  newContext(opts?: BrowserContextOptions): Promise<BrowserContext>;
  /** Runs `fn` with a page in a context of its own, closed afterwards whatever happens. */
  inContext<T>(
    fn: (page: Page, context: BrowserContext) => Promise<T>,
    opts?: BrowserContextOptions,
  ): Promise<T>;
  close(): Promise<void>;
}

/** How long one browser action (a click, a navigation) may take before the test fails. */
const ACTION_TIMEOUT_MS = 15_000;

/** Launches the browser; call once per test file and close it in `Deno.test.afterAll`. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    // Playwright adds --headless=… itself when headless, and its own profile directory
    // (a fresh temporary one per launch, removed on close).
    headless: true,
    // Playwright's signal handlers stay on: a test run stopped with Ctrl-C or SIGTERM still
    // takes the browser (a process group of its own) down with it.
    args: ARGS,
  });
  const newContext = async (opts: BrowserContextOptions = {}) => {
    const context = await browser.newContext(opts);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  return {
    newContext,
    async inContext(fn, opts) {
      const context = await newContext(opts);
      try {
        return await fn(await context.newPage(), context);
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

/** What a watched page saw that it should not have. */
export interface PageProblems {
  /** Dialogs the page opened (each dismissed at once): `alert: 1`. */
  dialogs: string[];
  /** Chromium's console reports of blocked content and `securitypolicyviolation` events. */
  cspViolations: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

/** A page under watch. */
export interface PageWatch {
  /**
   * Everything seen so far. Waits for the page to answer first, so that what it reported
   * before (on this document or an earlier one) has arrived.
   */
  problems(): Promise<PageProblems>;
}

const LISTENING = "__watchingSecurityPolicyViolations";
const SPV = "securitypolicyviolation";

/**
 * Watches `page` from its next navigation on. Dialogs are dismissed as they open (an
 * undismissed one would freeze the page). The `securitypolicyviolation` listener is an init
 * script: the DevTools protocol injects it into every document before the page's own
 * content, and the page's CSP does not apply to it. It reports through the console, so a
 * report reaches the test even when the document is gone by the time the test looks.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const seen: PageProblems = { dialogs: [], cspViolations: [], pageErrors: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()} (${page.url()})`);
    dialog.dismiss().catch(() => {/* the page may be gone already */});
  });
  page.on("console", (msg) => {
    // Chromium words its own report "Refused to …" or "Executing … violates …", always
    // naming the policy.
    const text = msg.text();
    if (text.includes("Content Security Policy") || text.startsWith(`${SPV} `)) {
      seen.cspViolations.push(`${text} (${page.url()})`);
    }
  });
  page.on("pageerror", (err) => seen.pageErrors.push(`${err.message} (${page.url()})`));
  await page.addInitScript(([marker, event]) => {
    Object.defineProperty(globalThis, marker, { value: true });
    document.addEventListener(event, (e) => {
      console.warn(`${event} ${e.violatedDirective}: ${e.blockedURI}`);
    });
  }, [LISTENING, SPV] as const);
  return {
    async problems() {
      // Evaluated by the DevTools protocol, not by a page script, so the CSP allows it; its
      // answer comes after every event the page sent before it.
      const listening = await page.evaluate(
        (marker) => (globalThis as Record<string, unknown>)[marker] === true,
        LISTENING,
      );
      const missing = listening ? [] : [`no ${SPV} listener on ${page.url()}`];
      return {
        dialogs: [...seen.dialogs],
        cspViolations: [...seen.cspViolations, ...missing],
        pageErrors: [...seen.pageErrors],
      };
    },
  };
}

/** The computed direction (`ltr`, `rtl`) of the page, or of one element of it. */
export function directionOf(target: Page | Locator): Promise<string> {
  return "goto" in target
    ? target.evaluate(() => getComputedStyle(document.documentElement).direction)
    : target.evaluate((el) => getComputedStyle(el).direction);
}

/**
 * Elements that stick out sideways: past the viewport's edges, or with text wider than
 * their own box. On a phone, that is text a person must scroll to read, or cannot reach at
 * all (an RTL page does not scroll to content past its right edge). Boxes made to scroll,
 * such as code blocks, are left out.
 */
export const sidewaysOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      const scrolls = getComputedStyle(el).overflowX !== "visible";
      if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) {
        found.push(`<${el.localName}> spans ${Math.round(box.left)} to ${Math.round(box.right)}`);
      } else if (!scrolls && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        found.push(`<${el.localName}> holds ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
    }
    return found;
  });

/** The `href` of every element `links` matches, in document order. */
export const hrefsOf = (links: Locator): Promise<string[]> =>
  links.evaluateAll((all) => all.map((a) => (a as InPageElement).getAttribute("href") ?? ""));

/**
 * What would run a script once a person hovers, focuses or clicks: event-handler attributes,
 * and links or sources with a script scheme. None may exist on the site's pages.
 */
export const scriptHooks = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        if (attr.name.startsWith("on")) found.push(`<${el.localName} ${attr.name}>`);
      }
      for (const name of ["href", "src", "action", "formaction"]) {
        const value = el.getAttribute(name);
        if (value && /^\s*(javascript|vbscript|data):/i.test(value)) {
          found.push(`<${el.localName} ${name}="${value}">`);
        }
      }
    }
    return found;
  });

/** A font Chromium drew some of an element's text with, and how many glyphs it drew. */
export interface UsedFont {
  familyName: string;
  glyphCount: number;
}

/**
 * The fonts Chromium actually drew the first element matching `selector` with, as DevTools
 * reports them: what a person sees, whatever the stylesheet asked for.
 */
export async function fontsOf(page: Page, selector: string): Promise<UsedFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map(({ familyName, glyphCount }) => ({ familyName, glyphCount }));
  } finally {
    await cdp.detach();
  }
}

/** The folder for screenshots tests keep (git-ignored), created when missing. */
export async function screenshotDir(): Promise<string> {
  const dir = new URL("../.local/test-output/screenshots/", import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  return dir;
}
