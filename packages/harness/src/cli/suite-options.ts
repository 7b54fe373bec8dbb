/**
 * A suite's own command-line options (e.g. `--provider`, `--url`): the suite module declares them,
 * and `run` and `compare` add them to their command once the module is loaded, so `--help` lists them
 * and bad values are usage errors like any other.
 */
import { Option, type Command } from 'commander';
import type { SuiteDefinition } from '../define/definition.js';

/** Reads the suite options' values after the parse. */
export type SuiteOptionValues = () => Record<string, string | undefined>;

/**
 * Adds the options `suites` declare to `command` (an option two suites both declare is added once,
 * from the first); returns a function that reads their values after the parse.
 */
export function addSuiteOptions(command: Command, suites: readonly SuiteDefinition[]): SuiteOptionValues {
  const names: [name: string, attribute: string][] = [];
  for (const suite of suites) {
    for (const [name, declared] of Object.entries(suite.options ?? {})) {
      if (names.some(([known]) => known === name)) continue;
      const flag = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const option = new Option(`--${flag} <value>`, `${declared.description} (suite ${suite.name})`);
      if (declared.choices !== undefined) option.choices(declared.choices);
      if (declared.env !== undefined) option.env(declared.env);
      if (declared.default !== undefined) option.default(declared.default);
      command.addOption(option);
      names.push([name, option.attributeName()]);
    }
  }
  return () =>
    Object.fromEntries(
      names.map(([name, attribute]) => [name, command.getOptionValue(attribute) as string | undefined]),
    );
}
