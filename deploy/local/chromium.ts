/**
 * Makes sure a Chromium the browser tests can drive is installed. On this Debian machine run as
 * root, a missing browser is installed from Debian's own `chromium` package, with a font that
 * has Arabic glyphs (the site's Arabic pages would otherwise be measured and photographed in
 * whatever fallback font the machine has, or in boxes).
 *
 * Why Debian's package: playwright-core's own browser download needs hosts this machine and
 * CI cannot reach; the distribution's browser speaks the same DevTools protocol.
 *
 * Run alone: `deno run -A deploy/local/chromium.ts`. `CHROMIUM_PATH` names another browser
 * (on a machine that is not Debian, say); it is then used as it is.
 */
import { aptInstall, has, missingPackages, run, step } from "./run.ts";

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

// fonts-noto-core holds "Noto Sans" and "Noto Sans Arabic", the names site.css asks for
// (12 MB); fonts-noto-ui-core is smaller but names its Arabic face "Noto Sans Arabic UI".
const PACKAGES = ["chromium", "fonts-noto-core"];

/** Resolves to the path of a Chromium executable, installing Debian's when it is missing. */
export async function ensureChromium(): Promise<string> {
  const chosen = Deno.env.get("CHROMIUM_PATH");
  if (chosen) {
    if (!await isExecutable(chosen)) {
      throw new Error(`CHROMIUM_PATH is ${chosen}, which is not an executable file`);
    }
    return chosen;
  }
  const missing = await missingOnThisMachine();
  if (!missing.length) return DEBIAN_CHROMIUM;
  if (Deno.uid() !== 0 || !await has("apt-get")) {
    throw new Error(
      `The browser tests need Chromium and a font with Arabic glyphs; missing: ` +
        `${missing.join(", ")}. On Debian or Ubuntu, as root: apt-get install ` +
        `--no-install-recommends ${PACKAGES.join(" ")}. Elsewhere, install Chromium and set ` +
        `CHROMIUM_PATH to its executable.`,
    );
  }
  step(`installing ${missing.join(", ")} from Debian's packages (once; about a minute)`);
  await aptInstall(missing);
  if (!await isExecutable(DEBIAN_CHROMIUM)) {
    throw new Error(`${missing.join(", ")} installed, but ${DEBIAN_CHROMIUM} is not there`);
  }
  step(`installed ${(await run(DEBIAN_CHROMIUM, ["--version"])).trim()}`);
  return DEBIAN_CHROMIUM;
}

async function missingOnThisMachine(): Promise<string[]> {
  if (!await has("dpkg-query")) {
    // Not a Debian machine: only the browser can be looked for, not the font.
    return await isExecutable(DEBIAN_CHROMIUM) ? [] : ["chromium"];
  }
  return await missingPackages(PACKAGES);
}

async function isExecutable(path: string): Promise<boolean> {
  const info = await Deno.stat(path).catch(() => undefined);
  return Boolean(info?.isFile && info.mode !== null && (info.mode & 0o111));
}

if (import.meta.main) {
  console.log(await ensureChromium());
}
