import * as z from 'zod';

/**
 * Environment validation at start-up: each service declares what it reads, with defaults and
 * checks, and refuses to start with a message naming every problem. Each variable is a zod schema
 * of the raw text (the catalogue's library): a blank value counts as unset, an unset one takes its
 * default or is required, and the description says what a valid value looks like.
 */
export type EnvVariable<V> = z.ZodType<V> & { description: string };
export type EnvSpec<T> = { [K in keyof T]: EnvVariable<T[K]> };

export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

const isBlank = (raw: string | undefined) => raw === undefined || raw.trim() === '';

export function loadEnv<T>(spec: EnvSpec<T>, source: Record<string, string | undefined> = process.env): T {
  const parsed = z.object(spec as Record<string, z.ZodType>).safeParse(source);
  if (parsed.success) return parsed.data as T;
  const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  throw new EnvValidationError(names.map((name) => `${name} ${isBlank(source[name]) ? 'is required' : 'is invalid'}: ${spec[name as keyof T].description}`));
}

/**
 * A variable read from its trimmed text by `value` (a blank one is unset), with `defaultValue` when
 * unset, else required.
 */
export function envVariable<V>(description: string, value: z.ZodType<V, string>, defaultValue?: V): EnvVariable<V> {
  const read = defaultValue === undefined ? value : value.optional().transform((given) => given ?? defaultValue);
  return z.preprocess((raw) => (typeof raw === 'string' && !isBlank(raw) ? raw.trim() : undefined), read).describe(description) as EnvVariable<V>;
}

/** A variable read by a function that throws on a value it cannot take. */
export const envParsed = <V>(description: string, parse: (raw: string) => V, defaultValue?: V): EnvVariable<V> =>
  envVariable(
    description,
    z.string().transform((raw, context) => {
      try {
        return parse(raw);
      } catch {
        context.addIssue({ code: 'custom', message: description });
        return z.NEVER;
      }
    }),
    defaultValue,
  );

/** Whether `raw` parses as a URL of one of `protocols` (`nats`, `http`, ...). */
const isUrlOf = (protocols: string[]) => (raw: string) => URL.canParse(raw) && protocols.includes(new URL(raw).protocol.replace(/:$/, ''));

export const envString = (description: string, defaultValue?: string): EnvVariable<string> => envVariable(description, z.string(), defaultValue);

/** One of a few named values. */
export const envChoice = <V extends string>(description: string, choices: readonly [V, ...V[]], defaultValue: V): EnvVariable<V> =>
  envVariable(`${description} (one of ${choices.join(', ')})`, z.enum(choices) as unknown as z.ZodType<V, string>, defaultValue);

export const envInteger = (description: string, defaultValue: number | undefined, range: { min: number; max: number }): EnvVariable<number> =>
  envVariable(
    `${description} (an integer from ${range.min} to ${range.max})`,
    z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(range.min).max(range.max)),
    defaultValue,
  );

export const envUrl = (description: string, protocols: string[], defaultValue?: string): EnvVariable<string> =>
  envVariable(`${description} (${protocols.join(' or ')} URL)`, z.string().refine(isUrlOf(protocols)), defaultValue);

/** One URL or several, comma-separated (the nodes of a cluster): kept as given once each is valid. */
export const envUrls = (description: string, protocols: string[], defaultValue?: string): EnvVariable<string> =>
  envVariable(
    `${description} (${protocols.join(' or ')} URLs, comma-separated)`,
    z
      .string()
      .transform((raw) => raw.split(',').map((item) => item.trim()))
      .refine((urls) => urls.every(isUrlOf(protocols)))
      .transform((urls) => urls.join(',')),
    defaultValue,
  );

export const envList = (description: string, defaultValue?: string[]): EnvVariable<string[]> =>
  envVariable(
    `${description} (comma-separated)`,
    z.string().transform((raw) =>
      raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
    defaultValue,
  );

/** A secret of the server: required, at least `minLength` characters (generate a long random value). */
export const envSecret = (description: string, minLength = 32): EnvVariable<string> =>
  envVariable(`${description} (at least ${minLength} characters; generate a long random value)`, z.string().min(minLength));
