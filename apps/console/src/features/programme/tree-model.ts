/**
 * The programme tree as the console shows it: every curriculum, course, topic and lesson as a node
 * with its level and parent, the nodes a person sees with some expanded, and where the arrow keys
 * go (WAI-ARIA tree pattern). Pure, so the keyboard rules are tested without a browser.
 */
import { playModeBadge } from '@waypoint/domain';
import { CLASSROOM_PLAYER } from '@waypoint/domain/staff';
import type { ProgrammeTree } from '../../api/programme';

export type NodeKind = 'curriculum' | 'course' | 'topic' | 'lesson';

export interface TreeNode {
  id: string;
  kind: NodeKind;
  key: number;
  label: string;
  /** 1 for a curriculum, 4 for a lesson (aria-level). */
  level: number;
  parentId: string | null;
  childIds: string[];
  /** Short tags shown beside the name: Draft, B/R play mode, Classroom, Library. */
  tags: string[];
}

export const nodeId = (kind: NodeKind, key: number) => `${kind}-${key}`;

/** Every node by id, and the curricula's ids in order. */
export function buildNodes(tree: ProgrammeTree): { nodes: Map<string, TreeNode>; roots: string[] } {
  const nodes = new Map<string, TreeNode>();
  const add = (node: TreeNode) => {
    nodes.set(node.id, node);
    return node.id;
  };
  const roots = tree.curricula.map((curriculum) => {
    const id = nodeId('curriculum', curriculum.curriculumKey);
    return add({
      id,
      kind: 'curriculum',
      key: curriculum.curriculumKey,
      label: curriculum.name,
      level: 1,
      parentId: null,
      tags: curriculum.inLibrary ? ['Library'] : [],
      childIds: curriculum.courses.map((course) => {
        const courseId = nodeId('course', course.courseKey);
        return add({
          id: courseId,
          kind: 'course',
          key: course.courseKey,
          label: course.name,
          level: 2,
          parentId: id,
          tags: course.draft ? ['Draft'] : [],
          childIds: course.topics.map((topic) => {
            const topicId = nodeId('topic', topic.topicKey);
            return add({
              id: topicId,
              kind: 'topic',
              key: topic.topicKey,
              // §2: an empty chapter name shows 'Chapter'.
              label: topic.name || 'Chapter',
              level: 3,
              parentId: courseId,
              tags: [],
              childIds: topic.lessons.map((lesson) => {
                const badge = playModeBadge(lesson.playMode);
                return add({
                  id: nodeId('lesson', lesson.lessonKey),
                  kind: 'lesson',
                  key: lesson.lessonKey,
                  label: lesson.name,
                  level: 4,
                  parentId: topicId,
                  childIds: [],
                  tags: [
                    ...(lesson.player === CLASSROOM_PLAYER ? ['Classroom'] : []),
                    ...(badge === 'B' ? ['Browse'] : badge === 'R' ? ['Review'] : []),
                  ],
                });
              }),
            });
          }),
        });
      }),
    });
  });
  return { nodes, roots };
}

/** The nodes shown, in order: the roots and the children of every expanded node shown. */
export function visibleNodes(
  nodes: ReadonlyMap<string, TreeNode>,
  roots: readonly string[],
  expanded: ReadonlySet<string>,
): TreeNode[] {
  const shown: TreeNode[] = [];
  const walk = (ids: readonly string[]) => {
    for (const id of ids) {
      const node = nodes.get(id);
      if (!node) continue;
      shown.push(node);
      if (expanded.has(id)) walk(node.childIds);
    }
  };
  walk(roots);
  return shown;
}

/** What a key does in the tree: focus another node, expand or collapse one, or nothing. */
export type TreeKeyAction =
  | { type: 'focus'; id: string }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | null;

/**
 * The WAI-ARIA tree keys: Down/Up the next/previous shown node, Home/End the first/last, Right
 * expands a closed parent or goes to its first child, Left collapses an open parent or goes to
 * the parent.
 */
export function treeKey(
  key: string,
  current: TreeNode,
  shown: readonly TreeNode[],
  expanded: ReadonlySet<string>,
): TreeKeyAction {
  const index = shown.findIndex((node) => node.id === current.id);
  const at = (i: number) => shown[i];
  switch (key) {
    case 'ArrowDown':
      return at(index + 1) ? { type: 'focus', id: at(index + 1)!.id } : null;
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', id: at(index - 1)!.id } : null;
    case 'Home':
      return shown[0] ? { type: 'focus', id: shown[0].id } : null;
    case 'End':
      return shown.length > 0 ? { type: 'focus', id: shown[shown.length - 1]!.id } : null;
    case 'ArrowRight':
      if (current.childIds.length === 0) return null;
      return expanded.has(current.id)
        ? { type: 'focus', id: current.childIds[0]! }
        : { type: 'expand', id: current.id };
    case 'ArrowLeft':
      if (current.childIds.length > 0 && expanded.has(current.id))
        return { type: 'collapse', id: current.id };
      return current.parentId ? { type: 'focus', id: current.parentId } : null;
    default:
      return null;
  }
}
