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
  type Page,
} from "playwright-core";

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
    args: ARGS,
    // The test runner stops the whole process tree; Playwright's own signal handlers would
    // only race with it.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
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
   * Everything seen so far, after collecting what the current document recorded itself (its
   * `securitypolicyviolation` events). Call it after each navigation: a document's record
   * goes with it.
   */
  problems(): Promise<PageProblems>;
}

const VIOLATIONS = "__securityPolicyViolations";

/**
 * Watches `page` from its next navigation on. Dialogs are dismissed as they open (an
 * undismissed one would freeze the page). The `securitypolicyviolation` listener is an init
 * script: the DevTools protocol injects it into every document before the page's own
 * content, and the page's CSP does not apply to it.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const seen: PageProblems = { dialogs: [], cspViolations: [], pageErrors: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()} (${page.url()})`);
    dialog.dismiss().catch(() => {/* the page may be gone already */});
  });
  page.on("console", (msg) => {
    // Chromium words it "Refused to …" or "Executing … violates …", always naming the policy.
    if (msg.text().includes("Content Security Policy")) {
      seen.cspViolations.push(`${msg.text()} (${page.url()})`);
    }
  });
  page.on("pageerror", (err) => seen.pageErrors.push(`${err.message} (${page.url()})`));
  await page.addInitScript((key: string) => {
    const record: string[] = [];
    Object.defineProperty(globalThis, key, { value: record });
    document.addEventListener("securitypolicyviolation", (e) => {
      record.push(`securitypolicyviolation ${e.violatedDirective}: ${e.blockedURI}`);
    });
  }, VIOLATIONS);
  return {
    async problems() {
      // Evaluated by the DevTools protocol, not by a page script, so the CSP allows it.
      // Taking the entries out keeps a second call on the same document from counting twice.
      const recorded = await page.evaluate(
        (key: string) =>
          ((globalThis as Record<string, unknown>)[key] as string[] | undefined)?.splice(0) ??
            ["the securitypolicyviolation listener is missing: the init script did not run"],
        VIOLATIONS,
      );
      seen.cspViolations.push(...recorded.map((v) => `${v} (${page.url()})`));
      return {
        dialogs: [...seen.dialogs],
        cspViolations: [...seen.cspViolations],
        pageErrors: [...seen.pageErrors],
      };
    },
  };
}

/** The folder for screenshots tests keep (git-ignored), created when missing. */
export async function screenshotDir(): Promise<string> {
  const dir = new URL("../../.local/test-output/screenshots/", import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  return dir;
}
