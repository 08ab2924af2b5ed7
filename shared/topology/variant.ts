/**
 * The members of a topic's discriminated union, so each can be declared as a message.
 * @module
 */
import { z } from "zod";

/** A union whose members are objects told apart by one literal field. */
export type ObjectUnion = z.ZodDiscriminatedUnion<readonly z.ZodObject[]>;

/** The discriminator's values of a union's members, in the union's order. */
export function variantNames(union: ObjectUnion): string[] {
  return union.options.map((o) => discriminatorOf(union, o));
}

/** The member of `union` whose discriminator is `name`; throws when there is none. */
export function variant(union: ObjectUnion, name: string): z.ZodType {
  const found = union.options.find((o) => discriminatorOf(union, o) === name);
  if (!found) throw new Error(`the union has no member "${name}"`);
  return found;
}

function discriminatorOf(union: ObjectUnion, member: z.ZodObject): string {
  const field = member.shape[union.def.discriminator];
  if (!(field instanceof z.ZodLiteral)) throw new Error("a member's discriminator is no literal");
  return String(field.value);
}
