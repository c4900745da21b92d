/**
 * Environment validation at start-up: each service declares what it reads, with
 * defaults and checks, and refuses to start with a message naming every problem.
 */
export type EnvSpec<T> = { [K in keyof T]: EnvVariable<T[K]> };

export interface EnvVariable<V> {
  /** Value when the variable is unset or empty; no default makes it required. */
  default?: V;
  parse: (raw: string) => V;
  /** Shown in the error message: what a valid value looks like. */
  description: string;
}

export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

export function loadEnv<T>(spec: EnvSpec<T>, source: Record<string, string | undefined> = process.env): T {
  const problems: string[] = [];
  const result = {} as T;
  for (const name of Object.keys(spec) as (keyof T & string)[]) {
    const variable = spec[name];
    const raw = source[name];
    if (raw === undefined || raw.trim() === '') {
      if (variable.default === undefined) problems.push(`${name} is required: ${variable.description}`);
      else result[name] = variable.default;
      continue;
    }
    try {
      result[name] = variable.parse(raw.trim());
    } catch {
      problems.push(`${name} is invalid: ${variable.description}`);
    }
  }
  if (problems.length > 0) throw new EnvValidationError(problems);
  return result;
}

export const envString = (description: string, defaultValue?: string): EnvVariable<string> => ({
  description,
  default: defaultValue,
  parse: (raw) => raw,
});

/** One of a few named values. */
export const envChoice = <V extends string>(description: string, choices: readonly V[], defaultValue: V): EnvVariable<V> => ({
  description: `${description} (one of ${choices.join(', ')})`,
  default: defaultValue,
  parse: (raw) => {
    if (!(choices as readonly string[]).includes(raw)) throw new Error('not a choice');
    return raw as V;
  },
});

export const envInteger = (description: string, defaultValue: number | undefined, range: { min: number; max: number }): EnvVariable<number> => ({
  description: `${description} (an integer from ${range.min} to ${range.max})`,
  default: defaultValue,
  parse: (raw) => {
    if (!/^\d+$/.test(raw)) throw new Error('not an integer');
    const value = Number(raw);
    if (value < range.min || value > range.max) throw new Error('out of range');
    return value;
  },
});

export const envUrl = (description: string, protocols: string[], defaultValue?: string): EnvVariable<string> => ({
  description: `${description} (${protocols.join(' or ')} URL)`,
  default: defaultValue,
  parse: (raw) => {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol.replace(/:$/, ''))) throw new Error('wrong protocol');
    return raw;
  },
});

/** One URL or several, comma-separated (the nodes of a cluster): kept as given once each is valid. */
export const envUrls = (description: string, protocols: string[], defaultValue?: string): EnvVariable<string> => ({
  description: `${description} (${protocols.join(' or ')} URLs, comma-separated)`,
  default: defaultValue,
  parse: (raw) => {
    const urls = raw.split(',').map((item) => item.trim());
    for (const url of urls) if (!protocols.includes(new URL(url).protocol.replace(/:$/, ''))) throw new Error('wrong protocol');
    return urls.join(',');
  },
});

export const envList = (description: string, defaultValue?: string[]): EnvVariable<string[]> => ({
  description: `${description} (comma-separated)`,
  default: defaultValue,
  parse: (raw) =>
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
});

/** A secret of the server: required, at least `minLength` characters (generate a long random value). */
export const envSecret = (description: string, minLength = 32): EnvVariable<string> => ({
  description: `${description} (at least ${minLength} characters; generate a long random value)`,
  parse: (raw) => {
    if (raw.length < minLength) throw new Error('too short');
    return raw;
  },
});
