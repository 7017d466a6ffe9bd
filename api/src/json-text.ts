declare const encodes: unique symbol;

/** The JSON text of a `T`, kept serialized (a cache) and sent as it is, with its type. */
export type JsonText<T> = string & { readonly [encodes]: T };

export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;
