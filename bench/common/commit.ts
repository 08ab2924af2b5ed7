/**
 * The code a run measured, for its results.
 * @module
 */
import { commandOutput, ROOT } from "./proc.ts";

/** The short commit of a working tree (this one), marked when it has uncommitted changes. */
export async function commitUnderTest(tree = ROOT): Promise<string> {
  const rev = await commandOutput("git", ["rev-parse", "--short", "HEAD"], { cwd: tree });
  if (!rev.success) return "unknown";
  const dirty = await commandOutput("git", ["status", "--porcelain"], { cwd: tree });
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`;
}
