import { describe, expect, it } from 'vitest';
import { buildProgrammeTree } from './programme.fixtures';
import { buildNodes, treeKey, visibleNodes, type TreeKeyAction } from './tree-model';

const tree = buildProgrammeTree();

const { nodes, roots } = buildNodes(tree);
const node = (id: string) => nodes.get(id)!;

describe('buildNodes', () => {
  it('makes one node per item, with levels, parents and the tags a person reads', () => {
    expect(roots).toEqual(['curriculum-1', 'curriculum-2']);
    expect(node('curriculum-1')).toMatchObject({ level: 1, tags: ['Library'] });
    expect(node('course-10')).toMatchObject({
      level: 2,
      parentId: 'curriculum-1',
      tags: ['Draft'],
    });
    // §2: an empty chapter name shows 'Chapter'.
    expect(node('topic-100')).toMatchObject({ level: 3, label: 'Chapter' });
    expect(node('lesson-1000').tags).toEqual(['Browse']);
    expect(node('lesson-1001').tags).toEqual(['Classroom']);
  });
});

describe('visibleNodes', () => {
  it('shows the roots and the children of open nodes only', () => {
    const ids = (open: string[]) => visibleNodes(nodes, roots, new Set(open)).map((n) => n.id);
    expect(ids([])).toEqual(['curriculum-1', 'curriculum-2']);
    expect(ids(['curriculum-1'])).toEqual(['curriculum-1', 'course-10', 'curriculum-2']);
    // A child open under a closed parent stays hidden.
    expect(ids(['course-10'])).toEqual(['curriculum-1', 'curriculum-2']);
  });
});

describe('treeKey (WAI-ARIA tree keys)', () => {
  const open = new Set(['curriculum-1', 'course-10']);
  const shown = visibleNodes(nodes, roots, open);
  it.each<[string, string, TreeKeyAction]>([
    ['ArrowDown', 'curriculum-1', { type: 'focus', id: 'course-10' }],
    ['ArrowDown', 'curriculum-2', null],
    ['ArrowUp', 'topic-100', { type: 'focus', id: 'course-10' }],
    ['ArrowUp', 'curriculum-1', null],
    ['Home', 'topic-100', { type: 'focus', id: 'curriculum-1' }],
    ['End', 'curriculum-1', { type: 'focus', id: 'curriculum-2' }],
    ['ArrowRight', 'topic-100', { type: 'expand', id: 'topic-100' }],
    ['ArrowRight', 'course-10', { type: 'focus', id: 'topic-100' }],
    ['ArrowRight', 'curriculum-2', null],
    ['ArrowLeft', 'course-10', { type: 'collapse', id: 'course-10' }],
    ['ArrowLeft', 'topic-100', { type: 'focus', id: 'course-10' }],
    ['ArrowLeft', 'curriculum-2', null],
    ['a', 'curriculum-1', null],
  ])('%s on %s', (key, id, expected) => {
    expect(treeKey(key, node(id), shown, open)).toEqual(expected);
  });
});
