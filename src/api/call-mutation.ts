// A generated mutation's request as a plain async function, for code that calls it outside
// useMutation (adapters, chained requests). The generated `xMutation()` always has a mutationFn.
export function call<TVars, TData>(options: { mutationFn?: (variables: TVars, context: never) => Promise<TData> }) {
  const fn = options.mutationFn;
  if (!fn) throw new Error('generated mutation without mutationFn');
  return (variables: TVars) => fn(variables, undefined as never);
}
