import type { Migration } from './migration.js';

/**
 * The library and comments (spec §2 Library, §3 Library media item, §3 Annotation).
 *
 * Groups: a student group is a named set of students of one LMS. A library media item or a
 * library course limited to groups is seen only by members of at least one of them; an item with
 * no group is seen by every student of its LMS (§3's `groups` on media items; library courses are
 * shared the same way). Library courses are the courses of curricula marked in_library (0002).
 *
 * Media items are links (an address elsewhere) or uploaded files, kept in the content storage in
 * a folder of their own and served from the content origin as downloads.
 */
export const migration0009: Migration = {
  name: '0009-library-and-comments',
  statements: [
    `CREATE TABLE student_group (
      group_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200)
    )`,
    `CREATE UNIQUE INDEX student_group_name ON student_group (lms_key, lower(name))`,
    `CREATE TABLE student_group_member (
      group_key integer NOT NULL REFERENCES student_group ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      PRIMARY KEY (group_key, user_key)
    )`,
    `CREATE INDEX student_group_member_user ON student_group_member (user_key)`,
    // A file item's folder in the content storage (null for links and notes), its sniffed type.
    `ALTER TABLE library_media ADD COLUMN storage_folder text`,
    `ALTER TABLE library_media ADD COLUMN content_type text NOT NULL DEFAULT ''`,
    `ALTER TABLE library_media ADD COLUMN size_bytes bigint NOT NULL DEFAULT 0`,
    `CREATE INDEX library_media_lms ON library_media (lms_key, sort_order)`,
    `CREATE TABLE library_media_group (
      library_key integer NOT NULL REFERENCES library_media ON DELETE CASCADE,
      group_key integer NOT NULL REFERENCES student_group ON DELETE CASCADE,
      PRIMARY KEY (library_key, group_key)
    )`,
    `CREATE TABLE library_course_group (
      course_key integer NOT NULL REFERENCES course ON DELETE CASCADE,
      group_key integer NOT NULL REFERENCES student_group ON DELETE CASCADE,
      PRIMARY KEY (course_key, group_key)
    )`,
    `CREATE INDEX curriculum_in_library ON curriculum (lms_key) WHERE in_library`,
    // Replies are listed with their parent; deleting a comment deletes its replies (the service).
    `CREATE INDEX annotation_parent ON annotation (parent) WHERE parent <> -1`,
  ],
};
