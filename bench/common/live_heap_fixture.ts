/**
 * For the live heap's tests: a process whose live heap is known.
 * @module
 */
import assert from "node:assert/strict";
import { freePort } from "@hire/testing/ports.ts";
import { inspectFlag } from "./live_heap.ts";

/**
 * A Deno process under its inspector that keeps about 40 MiB of objects and has just dropped
 * about as much again, then waits to be killed.
 */
function holder(port: number): Deno.ChildProcess {
  const script = `
    const fill = () => Array.from({ length: 500_000 }, (_, i) => ({ i, s: "x" + i }));
    globalThis.kept = fill();
    let dropped = fill();
    dropped = null;
    console.log("ready");
    setInterval(() => {}, 1_000);
  `;
  return new Deno.Command(Deno.execPath(), {
    args: ["eval", inspectFlag(port), script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
}

async function firstLine(child: Deno.ChildProcess): Promise<string> {
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/** Runs `fn` beside a holder with its inspector on a port of its own. */
export async function withHolder(fn: (port: number) => Promise<void>): Promise<void> {
  const port = freePort();
  const child = holder(port);
  try {
    assert.match(await firstLine(child), /ready/);
    await fn(port);
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
}
