/** `deno task asyncapi`: writes the AsyncAPI documents from the declarations. */
import { ASYNCAPI_FILES, asyncApiYaml, type Scope } from "./asyncapi/document.ts";

for (const [scope, file] of Object.entries(ASYNCAPI_FILES) as [Scope, URL][]) {
  await Deno.writeTextFile(file, asyncApiYaml(scope));
  console.log(`wrote ${file.pathname}`);
}
