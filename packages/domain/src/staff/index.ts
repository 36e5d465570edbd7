/**
 * The staff console's rules (docs/decisions/0021): roles and permissions, the programme's and
 * people's field rules, staff and scope rules. An entry of its own, `@waypoint/domain/staff`, so
 * that none of it reaches the student panel's bundle.
 */
export * from './permissions.js';
export * from './programme.js';
export * from './people.js';
export * from './staff-rules.js';
export * from './qualification.js';
export * from './validity.js';
export * from './retention.js';
export * from './app-links.js';
