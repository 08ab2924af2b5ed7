/**
 * The local embedding model's folder, for tests. `deno task test` fetches the model before
 * any test runs (`deploy/local/infra.ts`), so a test only looks for it: it never downloads
 * from inside a test, and says how to get the model when it is missing.
 * @module
 */
import { DEFAULT_MODEL_DIR, MODEL_FILE, modelPath, TOKENIZER_FILE } from "@hire/embedding";

/**
 * The model folder, as the local provider resolves it (`EMBEDDING_MODEL_DIR`, else the
 * checkout's `.local/models/…`); throws a clear error when a file of the model is missing.
 */
export async function testModelDir(): Promise<string> {
  const dir = Deno.env.get("EMBEDDING_MODEL_DIR") || DEFAULT_MODEL_DIR;
  for (const file of [MODEL_FILE, TOKENIZER_FILE]) {
    const path = modelPath(dir, file);
    try {
      await Deno.stat(path);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
      throw new Error(
        `the local embedding model is missing (no ${path}): run \`deno task model\`, ` +
          "or `deno task test`, which fetches it first",
      );
    }
  }
  return dir;
}
