/** Whether `value` is one of `values`: narrows a string from a URL, a select or a gateway to an `as const` list's type. */
export function isOneOf<const T>(values: readonly T[], value: unknown): value is T {
  return values.some((v) => v === value);
}
