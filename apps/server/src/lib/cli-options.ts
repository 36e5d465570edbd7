import { HttpError } from './http-error.js';

// Option parsers shared by the areas' command lines (modules/*/cli.ts). A 400 is a usage error:
// the CLI prints "Error: <message>" and exits 2, as for a bad input refused by the command.

/** A whole number above 0 (--limit). */
export function wholeNumber(name: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new HttpError(400, `${name} must be a whole number above 0`);
    return number;
  };
}
