/** User details of spec §3: defined once, as a schema, in the API contract (contract/auth.ts). */
export type { UserDetails } from './contract/auth.js';
