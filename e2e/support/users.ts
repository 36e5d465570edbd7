import { waypoint } from './cli.js';

export const DEMO_PASSWORD = 'Waypoint-demo-1';

/** A user created for one test, so tests never share sign-in state. */
export interface TestUser {
  login: string;
  email: string;
  password: string;
}

let counter = 0;

/** Adds a fresh user to the demo LMS with the operator CLI. */
export function createUser(options: { mfa?: boolean; notStudent?: boolean } = {}): TestUser {
  counter += 1;
  const id = `e2e-${process.pid}-${Date.now().toString(36)}-${counter}`;
  const user = { login: id, email: `${id}@example.com`, password: DEMO_PASSWORD };
  const args = ['add-user', '--lms', 'demo', '--login', user.login, '--email', user.email];
  args.push('--name', 'Test Student', '--password', user.password);
  if (options.mfa) args.push('--mfa');
  if (options.notStudent) args.push('--not-student');
  waypoint(...args);
  return user;
}
