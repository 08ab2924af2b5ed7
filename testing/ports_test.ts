import assert from "node:assert/strict";
import { freePortRun } from "./ports.ts";

Deno.test("freePortRun gives ports free in a row, below the range outgoing connections take theirs from", () => {
  const [lowest] = Deno.readTextFileSync("/proc/sys/net/ipv4/ip_local_port_range").trim()
    .split(/\s+/).map(Number);
  for (let i = 0; i < 20; i++) {
    const first = freePortRun(3);
    assert.ok(first >= 10_000 && first + 2 < lowest!, `${first} below ${lowest}`);
    const listeners = [0, 1, 2].map((d) => Deno.listen({ hostname: "127.0.0.1", port: first + d }));
    for (const l of listeners) l.close();
  }
});
