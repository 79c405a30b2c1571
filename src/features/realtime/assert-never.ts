/** Makes a switch exhaustive: adding a member to the union without a case fails to compile. */
export function assertNever(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
