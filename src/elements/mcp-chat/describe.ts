/** An error (a provider's, a tool's, the store's) in words for the person. */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
