/**
 * What the fuzz does to an object as a whole rather than to one member: a required member
 * left out, one no schema lists (`__proto__`, a name with a refused character), a member
 * given twice.
 * @module
 */
import fc from "fast-check";
import { DuplicateKeys } from "./json_text.ts";
import type { Generated } from "./violations.ts";

/** A member of an object: its name and generated value. */
export type Member = [string, Generated];

/** The object of `pairs`, with every violation of its members. */
export function assemble(pairs: readonly (readonly [string, Generated])[]): Generated {
  return {
    value: Object.fromEntries(pairs.map(([n, g]) => [n, g.value])),
    violations: pairs.flatMap(([, g]) => g.violations),
  };
}

/** Members no schema of the API lists; `refused`: the name breaks the text rule. */
const EXTRA_MEMBERS = [
  { name: "unknown", refused: false },
  { name: "__proto__", refused: false },
  { name: "constructor", refused: false },
  { name: "Title", refused: false },
  { name: "a\u0000b", refused: true },
  { name: "\uD800", refused: true },
];

/**
 * What a boundary or hostile object may do to its members: nothing, leave a required one
 * out, add one the schema does not list, or give one twice.
 */
export function objectTwist(
  at: string,
  closed: boolean,
  required: ReadonlySet<string>,
): fc.Arbitrary<(members: Member[], pick: number) => Generated> {
  return fc.constantFrom<(members: Member[], pick: number) => Generated>(
    (members) => assemble(members),
    // A required member left out.
    (members, pick) => {
      const present = members.filter(([n]) => required.has(n));
      if (present.length === 0) return assemble(members);
      const [gone] = present[pick % present.length]!;
      const g = assemble(members.filter(([n]) => n !== gone));
      g.violations.push({ at: `${at}/${gone}`, rule: "schema", detail: "required, missing" });
      return g;
    },
    // A member the schema does not list; a key holding a refused character.
    (members, pick) => {
      const { name, refused } = EXTRA_MEMBERS[pick % EXTRA_MEMBERS.length]!;
      const g = assemble(members);
      // Defined, not assigned: `__proto__` must become a member, not the prototype.
      Object.defineProperty(g.value, name, { value: "x", enumerable: true, writable: true });
      if (closed) g.violations.push({ at: `${at}/${name}`, rule: "schema", detail: "unknown" });
      if (refused) g.violations.push({ at: `${at}/${name}`, rule: "text", detail: "refused key" });
      return g;
    },
    // A member given twice: JSON.parse keeps the last, as docs/api.md says the API does.
    (members, pick) => {
      if (members.length === 0) return assemble(members);
      const [name, last] = members[pick % members.length]!;
      const entries: [string, unknown][] = members.map(([n, g]) => [n, g.value]);
      entries.push([name, last.value]);
      entries[pick % members.length] = [name, { first: "of two" }];
      return {
        value: new DuplicateKeys(entries),
        violations: members.flatMap(([, g]) => g.violations),
      };
    },
  );
}
