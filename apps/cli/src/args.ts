// A small argument parser: `--flag value`, `--flag=value`, boolean switches and positionals, validated with a
// zod schema per command so a wrong flag gets a message naming it and what it accepts.
import { z } from 'zod';
import { CliError } from './io';

export interface FlagSpec {
  /** Switches take no value. */
  boolean?: boolean;
  /** Shown in --help: the value's placeholder, e.g. "N" or "F.jsonl". */
  value?: string;
  help: string;
}

export interface Parsed {
  positionals: string[];
  flags: Record<string, string | true>;
}

export function parseArgv(
  argv: readonly string[],
  spec: Readonly<Record<string, FlagSpec>>,
  command: string,
): Parsed {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '--') {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    const s = spec[name];
    if (!s) {
      const known = Object.keys(spec).map((k) => `--${k}`);
      throw new CliError(
        `${command}: unknown flag --${name}${known.length ? `; it accepts ${known.join(', ')}` : '; it takes no flags'} (see matchtape ${command} --help)`,
      );
    }
    if (name in flags) throw new CliError(`${command}: --${name} is given twice`);
    if (s.boolean) {
      if (eq > 0) {
        const v = a.slice(eq + 1);
        if (v !== 'true' && v !== 'false')
          throw new CliError(`${command}: --${name} is a switch; write --${name} or --${name}=false`);
        if (v === 'true') flags[name] = true;
      } else flags[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = a.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2))
        throw new CliError(`${command}: --${name} needs a value (${s.value ?? 'VALUE'})`);
      i++;
    }
    flags[name] = value;
  }
  return { positionals, flags };
}

/** Validates parsed flags; issues are reported as `--flag: message`. */
export function validate<T>(schema: z.ZodType<T>, input: unknown, command: string): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => {
    const key = i.path[0];
    const where =
      key === undefined
        ? ''
        : key === 'positionals'
          ? `argument ${typeof i.path[1] === 'number' ? i.path[1] + 1 : ''}`.trim()
          : `--${String(key)}`;
    return `${command}: ${where ? `${where}: ` : ''}${i.message}`;
  });
  throw new CliError(`${lines.join('\n')}\n(see matchtape ${command} --help)`);
}

/** Common value schemas with messages that say what is expected. */
export const posInt = () =>
  z
    .string({ message: 'is required' })
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && Number.isSafeInteger(n), 'must be at least 1');
export const nonNegInt = () =>
  z
    .string({ message: 'is required' })
    .regex(/^\d+$/, 'must be a whole number (0 or more)')
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), 'is too large');
