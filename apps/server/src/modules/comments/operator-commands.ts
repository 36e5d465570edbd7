import { Type } from 'typebox';
import { defineOperatorCommand, type AreaCommand } from '../operator/area-command.js';
import { deleteComment, listLessonComments } from './manage.service.js';

/** The comments' operator commands (§3 Annotation). */

const strict = { additionalProperties: false } as const;
const Text = Type.String({ maxLength: 2000 });
const Key = Type.Integer({ minimum: 0, maximum: 2147483647 });

interface ListResult {
  lms: string;
  lesson: string;
  comments: {
    annotationKey: number;
    parent: number;
    location: string;
    author: string;
    postedAt: string;
    text: string;
  }[];
}

export const commentCommands: AreaCommand[] = [
  defineOperatorCommand({
    name: 'comments-list',
    changes: false,
    summary: 'Lists the comments on a lesson (every place in it), replies indented',
    input: Type.Object({ lms: Text, lesson: Key }, strict),
    run: (deps, input) => listLessonComments(deps, input),
    format(result) {
      const list = result as ListResult;
      const lines = [`Comments on '${list.lesson}' (LMS '${list.lms}')`];
      if (list.comments.length === 0) lines.push('  (none)');
      for (const comment of list.comments) {
        const indent = comment.parent === -1 ? '  ' : '      ';
        lines.push(
          `${indent}${comment.annotationKey}  [${comment.location}]  ${comment.author}  ` +
            `${comment.postedAt}  ${JSON.stringify(comment.text)}`,
        );
      }
      return lines.join('\n');
    },
  }),
  defineOperatorCommand({
    name: 'comments-delete',
    summary: 'Deletes a comment and its replies',
    input: Type.Object({ lms: Text, comment: Key }, strict),
    run: (deps, input) => deleteComment(deps, input),
  }),
];
