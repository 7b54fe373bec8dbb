/**
 * Commands a package adds to the `dbbench` command line next to `run` and `merge`, as plain data:
 * a name, a description, operands, options, and an action that returns the exit code. The harness
 * parses, prints help and usage errors, and maps errors to exit codes as it does for its own
 * commands, so a command is one small file that knows nothing of the parser.
 *
 * @example
 * ```ts
 * export const greetCommand = defineCommand({
 *   name: 'greet',
 *   description: 'say hello',
 *   operands: [{ name: 'who', description: 'whom to greet' }],
 *   options: { loud: { description: 'shout' } },
 *   async action({ operands, options, stdout }) {
 *     stdout.write(`${options['loud'] === true ? 'HELLO' : 'hello'} ${operands[0] ?? ''}\n`);
 *     return 0;
 *   },
 * });
 * // bin: process.exit(await runCli(process.argv, { commands: [greetCommand] }));
 * ```
 */
import { Command, Option } from 'commander';
import type { SuiteOption } from '../define/definition.js';

/** An option of a {@link CliCommand}: `--<kebab-name> <value>`, or a flag when `value` is absent. */
export interface CliCommandOption extends Partial<SuiteOption> {
  readonly description: string;
  /** What the value is called in help, e.g. `url`; absent: a flag, `true` when given. */
  readonly value?: string;
  /** A one-letter alias, e.g. `o` for `-o`. */
  readonly short?: string;
  /** The command fails with a usage error when the option (or its `env`) is absent. */
  readonly required?: boolean;
}

/** An operand of a {@link CliCommand}, in order. */
export interface CliCommandOperand {
  readonly name: string;
  readonly description: string;
  /** Must be given (default: optional). */
  readonly required?: boolean;
  /** Takes every remaining operand (last operand only). */
  readonly variadic?: boolean;
}

/** What a command's action receives. */
export interface CliCommandInput {
  /** Operands in order (a variadic one spread out). */
  readonly operands: readonly string[];
  /** Option values by their declared names: strings for valued options, `true` for given flags. */
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** A command added to the `dbbench` command line. */
export interface CliCommand {
  readonly name: string;
  /** One line, as `dbbench --help` lists it. */
  readonly description: string;
  readonly operands?: readonly CliCommandOperand[];
  /** By camelCase name; `maxAge` becomes `--max-age`. */
  readonly options?: Readonly<Record<string, CliCommandOption>>;
  /**
   * Does the work and resolves to the exit code (0 ok, 1 failed). Throw a `DbbenchError` for an
   * error the user can fix (`usageError` for a wrong invocation): it is printed as one line.
   */
  action(input: CliCommandInput): Promise<number>;
}

/** Identity helper that gives a command definition its types. */
export function defineCommand(command: CliCommand): CliCommand {
  return command;
}

/** A command parsed from the command line, ready to run. */
export interface ParsedCliCommand {
  readonly command: CliCommand;
  readonly input: CliCommandInput;
}

/**
 * Adds `command` to `program`; when the command line names it, `onParsed` receives its input. Its
 * output goes to `stdout` and `stderr`.
 */
export function addCliCommand(
  program: Command,
  command: CliCommand,
  onParsed: (parsed: ParsedCliCommand) => void,
  streams: Pick<CliCommandInput, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr },
): void {
  const sub = new Command(command.name).description(command.description);
  for (const operand of command.operands ?? []) {
    const name = `${operand.name}${operand.variadic === true ? '...' : ''}`;
    sub.argument(operand.required === true ? `<${name}>` : `[${name}]`, operand.description);
  }
  const attributes: [name: string, attribute: string][] = [];
  for (const [name, declared] of Object.entries(command.options ?? {})) {
    const option = commanderOption(name, declared);
    sub.addOption(option);
    attributes.push([name, option.attributeName()]);
  }
  sub
    .exitOverride()
    .configureOutput({ outputError: () => undefined })
    .action((...args: unknown[]) => {
      // commander passes one argument per declared operand (a string, an array for a variadic one,
      // undefined when an optional one is absent), then the options and the command.
      const operands = (
        args.slice(0, command.operands?.length ?? 0) as (string | string[] | undefined)[]
      ).flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
      const options: Record<string, string | boolean | undefined> = {};
      for (const [name, attribute] of attributes) {
        options[name] = sub.getOptionValue(attribute) as string | boolean | undefined;
      }
      onParsed({ command, input: { operands, options, ...streams } });
    });
  program.addCommand(sub);
}

function commanderOption(name: string, declared: CliCommandOption): Option {
  const long = `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const flags = `${declared.short === undefined ? '' : `-${declared.short}, `}${long}${declared.value === undefined ? '' : ` <${declared.value}>`}`;
  const option = new Option(flags, declared.description);
  if (declared.choices !== undefined) option.choices(declared.choices);
  if (declared.env !== undefined) option.env(declared.env);
  if (declared.default !== undefined) option.default(declared.default);
  if (declared.required === true) option.makeOptionMandatory();
  return option;
}
