/** Prose with code in it: the text's `backticked` parts become left-to-right code. */

/**
 * Renders `text`, each part between backticks as `<code dir="ltr">`, so a field name or a
 * header keeps its order inside Arabic prose.
 */
export function InlineCode(props: { text: string }) {
  return (
    <>
      {props.text.split("`").map((part, i) =>
        // deno-lint-ignore jsx-key -- rendered once on the server: hono would print a key.
        i % 2 === 1 ? <code dir="ltr">{part}</code> : part
      )}
    </>
  );
}
