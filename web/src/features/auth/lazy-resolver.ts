import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a zod schema that downloads the schema (and zod) the first time
 * it is needed, or when `warm()` is called (a form calls it when it is first focused), so the
 * sign-in screen shows without its validation code. The schema is the domain's, as everywhere.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(load: () => Promise<ZodType>) {
  let ready: Promise<Resolver<Input, unknown, Output>> | null = null;
  const warm = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    );
    return ready;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await warm())(values, context, options);
  return { resolver, warm };
}
