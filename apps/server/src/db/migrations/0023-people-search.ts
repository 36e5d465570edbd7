import type { Migration } from './migration.js';

/**
 * The console's people list (docs/decisions/0021) stays fast at 10,000 people per LMS: a search
 * is a case-insensitive prefix of a name, login, employee id or email (lower(column) LIKE
 * 'text%', which text_pattern_ops indexes serve whatever the database's collation), the scope
 * and the filters narrow by restriction group, and the default sort is by family then given name.
 */
export const migration0023: Migration = {
  name: '0023-people-search',
  statements: [
    `CREATE INDEX app_user_search_login ON app_user (lms_key, lower(user_id) text_pattern_ops)`,
    `CREATE INDEX app_user_search_email ON app_user (lms_key, lower(email) text_pattern_ops)`,
    `CREATE INDEX app_user_search_employee ON app_user (lms_key, lower(employee_id) text_pattern_ops)`,
    `CREATE INDEX app_user_search_family ON app_user (lms_key, lower(name_collated) text_pattern_ops)`,
    `CREATE INDEX app_user_search_given ON app_user (lms_key, lower(name_other) text_pattern_ops)`,
    `CREATE INDEX app_user_search_display ON app_user (lms_key, lower(display_name) text_pattern_ops)`,
    `CREATE INDEX app_user_by_name ON app_user (lms_key, lower(name_collated), lower(name_other), user_key)`,
    `CREATE INDEX app_user_restriction_group ON app_user (lms_key, restriction_group)`,
  ],
};
