import { ConfigError, loadConfig } from '../config.js';
import { setNewHashCost } from '../lib/password.js';
import { EXIT_USAGE, runCli } from './program.js';
import { connect } from './transport.js';

/**
 * `npm run waypoint -- <command>`: the operator CLI. Goes through the running server's operator
 * API when one runs on this DATA_DIR, otherwise opens the database itself.
 */
async function main(): Promise<number> {
  // stdout carries command output only (e.g. --json); the outbox mailer's log lines go to stderr.
  console.info = (...args: unknown[]) => console.error(...args);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT_USAGE;
    }
    throw error;
  }
  // Passwords this command sets are hashed at the configured cost (config.ts passwordCostLog2).
  setNewHashCost(config.passwordCostLog2);
  return runCli(process.argv.slice(2), () => connect(config), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
