import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Loading } from '@waypoint/ui';
import { useProgramme, type ProgrammeTree } from '../../api/programme';
import { useAllows } from '../../api/session';
import { EmptyState, ErrorState } from '../../components/states';
import { CourseForm } from './course-form';
import { CurriculumForm } from './curriculum-form';
import { LessonForm } from './lesson-form';
import { ProgrammeTree as Tree } from './programme-tree';
import { TopicForm } from './topic-form';
import { buildNodes, nodeId, type TreeNode } from './tree-model';
import { UploadDialog, type UploadPlace } from './upload-dialog';
import styles from './programme.module.css';

/** The ancestors of a node, nearest first. */
function ancestors(nodes: ReadonlyMap<string, TreeNode>, id: string): string[] {
  const found: string[] = [];
  for (let at = nodes.get(id)?.parentId; at; at = nodes.get(at)?.parentId) found.push(at);
  return found;
}

/** The programme's tree beside the selected node's details, and the upload. */
export function StructureView() {
  const query = useProgramme();
  if (query.isPending) return <Loading label="Loading the programme..." size="large" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Structure tree={query.data} />;
}

function Structure({ tree }: { tree: ProgrammeTree }) {
  const { nodes, roots } = useMemo(() => buildNodes(tree), [tree]);
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('node');
  const selected = selectedId ? (nodes.get(selectedId) ?? null) : null;
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set(selected ? ancestors(nodes, selected.id) : roots.slice(0, 1)),
  );
  const [uploadOpen, setUploadOpen] = useState(false);
  const canImport = useAllows('programme.import');

  const select = (id: string) => {
    setSearch((params) => {
      params.set('node', id);
      return params;
    });
  };
  /** Selects a node, its parent and their ancestors open (a new node: give its parent). */
  const reveal = (id: string, parentId: string) => {
    setExpanded((open) => new Set([...open, parentId, ...ancestors(nodes, parentId)]));
    select(id);
  };

  const place: UploadPlace | null =
    selected && selected.kind !== 'lesson'
      ? { kind: selected.kind, key: selected.key, label: selected.label }
      : null;

  return (
    <div className={styles.structure}>
      <div className={styles.treePane}>
        <div className={styles.paneHeader}>
          <h2 className={styles.paneHeading}>Curricula</h2>
          {canImport && (
            <Button variant="primary" small onClick={() => setUploadOpen(true)}>
              Upload package
            </Button>
          )}
        </div>
        {roots.length === 0 ? (
          <EmptyState title="There are no curricula yet.">
            {canImport && 'Upload a SCORM package to make the first one.'}
          </EmptyState>
        ) : (
          <Tree
            nodes={nodes}
            roots={roots}
            expanded={expanded}
            onExpandedChange={setExpanded}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
        )}
      </div>
      <div className={styles.detailPane}>
        {selected ? (
          <Details tree={tree} node={selected} nodes={nodes} onReveal={reveal} />
        ) : (
          <EmptyState title="Choose a curriculum, course, topic or lesson to see its details." />
        )}
      </div>
      {uploadOpen && (
        <UploadDialog
          open
          onOpenChange={setUploadOpen}
          place={place}
          onImported={(result) => {
            const curriculum = nodeId('curriculum', result.curriculum.curriculumKey);
            const course = nodeId('course', result.course.courseKey);
            setExpanded((open) => new Set([...open, curriculum, course]));
            select(course);
          }}
        />
      )}
    </div>
  );
}

/** The form of the selected node, found in the tree's data. */
function Details({
  tree,
  node,
  nodes,
  onReveal,
}: {
  tree: ProgrammeTree;
  node: TreeNode;
  nodes: ReadonlyMap<string, TreeNode>;
  onReveal: (id: string, parentId: string) => void;
}) {
  const canCurriculum = useAllows('programme.curriculum');
  const canLibrary = useAllows('programme.library');
  const canCourse = useAllows('programme.course');
  const canTopic = useAllows('programme.topic');
  const canLesson = useAllows('programme.lesson');
  const canClassroom = useAllows('programme.classroom');
  const siblings = nodes.get(node.parentId ?? '')?.childIds ?? [];
  const isFirst = siblings[0] === node.id;
  const isLast = siblings[siblings.length - 1] === node.id;
  for (const curriculum of tree.curricula) {
    if (node.kind === 'curriculum' && curriculum.curriculumKey === node.key)
      return (
        <CurriculumForm curriculum={curriculum} canEdit={canCurriculum} canLibrary={canLibrary} />
      );
    for (const course of curriculum.courses) {
      if (node.kind === 'course' && course.courseKey === node.key)
        return (
          <CourseForm
            course={course}
            prerequisiteTypes={tree.prerequisiteTypes}
            canEdit={canCourse}
            isFirst={isFirst}
            isLast={isLast}
          />
        );
      for (const topic of course.topics) {
        if (node.kind === 'topic' && topic.topicKey === node.key)
          return (
            <TopicForm
              topic={topic}
              canEdit={canTopic}
              canAddClassroom={canClassroom}
              isFirst={isFirst}
              isLast={isLast}
              onAdded={(lessonKey) => onReveal(nodeId('lesson', lessonKey), node.id)}
            />
          );
        const lesson = topic.lessons.find(
          (candidate) => node.kind === 'lesson' && candidate.lessonKey === node.key,
        );
        if (lesson)
          return (
            <LessonForm lesson={lesson} canEdit={canLesson} isFirst={isFirst} isLast={isLast} />
          );
      }
    }
  }
  return <EmptyState title="This item is no longer in the programme." />;
}
