/** A catalog as in the JSON files: sections of messages. A leaf is a message, or its precompiled ICU AST (an array). */
export type NestedMessages<Leaf = string> = { [key: string]: Leaf | NestedMessages<Leaf> };

/** Flattens `{ errors: { X: '…' } }` to `{ 'errors.X': '…' }`, the shape react-intl and @formatjs/intl take. */
export function flattenMessages<Leaf extends string | readonly unknown[] = string>(nested: NestedMessages<Leaf>, prefix = '', into: Record<string, Leaf> = {}): Record<string, Leaf> {
  for (const [key, value] of Object.entries(nested)) {
    if (typeof value === 'string' || Array.isArray(value)) into[prefix + key] = value as Leaf;
    else flattenMessages(value as NestedMessages<Leaf>, `${prefix}${key}.`, into);
  }
  return into;
}
