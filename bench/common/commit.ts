/**
 * The code a run measured, for its results.
 * @module
 */
import { commandOutput, ROOT } from "./proc.ts";

/** The short commit of the working tree, marked when it has uncommitted changes. */
export async function commitUnderTest(): Promise<string> {
  const rev = await commandOutput("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT });
  if (!rev.success) return "unknown";
  const dirty = await commandOutput("git", ["status", "--porcelain"], { cwd: ROOT });
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`;
}
