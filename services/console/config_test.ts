import assert from "node:assert/strict";
import { ConfigError } from "@hire/config";
import { consoleSettings, loadConsoleConfig } from "./config.ts";
import { sessionCookie } from "./middleware/session.ts";

const KEYS = "k1:aGlyZSB0ZXN0IGtleTogbmV2ZXIgaW4gcHJvZCEhISE=";

Deno.test("the console's defaults: port 8082, the base URL without a slash, 15-minute links", () => {
  const cfg = loadConsoleConfig({ CONSOLE_BASE_URL: "https://console.example.sa/" });
  assert.equal(cfg.CONSOLE_PORT, 8082);
  const s = consoleSettings(cfg);
  assert.equal(s.baseUrl, "https://console.example.sa");
  assert.equal(s.signInLinkTtlMs, 15 * 60_000);
  assert.equal(s.sessionIdleMs, 2 * 3_600_000);
  assert.equal(s.sessionMaxMs, 24 * 3_600_000);
});

Deno.test("production needs the secret keys and an https (or loopback) console address", () => {
  assert.throws(
    () =>
      loadConsoleConfig({ HIRE_ENV: "production", CONSOLE_BASE_URL: "http://console.example.sa" }),
    (e: Error) =>
      e instanceof ConfigError && /CONSOLE_BASE_URL/.test(e.message) &&
      /WEBHOOK_SECRET_KEYS/.test(e.message),
  );
  for (const url of ["https://console.example.sa", "http://localhost:8082"]) {
    loadConsoleConfig({ HIRE_ENV: "production", CONSOLE_BASE_URL: url, WEBHOOK_SECRET_KEYS: KEYS });
  }
});

Deno.test("the session cookie is __Host- and Secure wherever browsers allow it", () => {
  assert.deepEqual(sessionCookie("https://console.example.sa"), {
    name: "__Host-hire_console",
    secure: true,
  });
  assert.deepEqual(sessionCookie("http://127.0.0.1:8082"), {
    name: "__Host-hire_console",
    secure: true,
  });
  assert.deepEqual(sessionCookie("http://console:8082"), { name: "hire_console", secure: false });
});
