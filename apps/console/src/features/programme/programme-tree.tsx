import { useEffect, useRef, type KeyboardEvent } from 'react';
import { IconChevronDown } from '@waypoint/ui';
import { treeKey, visibleNodes, type TreeNode } from './tree-model';
import styles from './programme.module.css';

const KIND_LABEL = { curriculum: 'Curriculum', course: 'Course', topic: 'Topic', lesson: 'Lesson' };

/**
 * The programme as a WAI-ARIA tree: one tab stop (the selected node, or the first), arrow keys to
 * move, open and close, Home/End, Enter or Space to select; a click on the chevron opens or closes,
 * a click on the name selects.
 */
export function ProgrammeTree({
  nodes,
  roots,
  expanded,
  onExpandedChange,
  selectedId,
  onSelect,
}: {
  nodes: ReadonlyMap<string, TreeNode>;
  roots: readonly string[];
  expanded: ReadonlySet<string>;
  onExpandedChange: (expanded: Set<string>) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const shown = visibleNodes(nodes, roots, expanded);
  const focusId = useRef<string | null>(null);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const tabStop = shown.some((node) => node.id === selectedId)
    ? selectedId
    : (shown[0]?.id ?? null);

  useEffect(() => {
    if (focusId.current) {
      refs.current.get(focusId.current)?.focus();
      focusId.current = null;
    }
  });

  const toggle = (id: string, open?: boolean) => {
    const next = new Set(expanded);
    if (open ?? !next.has(id)) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, node: TreeNode) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(node.id);
      return;
    }
    const action = treeKey(event.key, node, shown, expanded);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') {
      refs.current.get(action.id)?.focus();
      onSelect(action.id);
    } else {
      focusId.current = node.id;
      toggle(action.id, action.type === 'expand');
    }
  };

  const renderNode = (node: TreeNode) => {
    const open = expanded.has(node.id);
    const parent = node.childIds.length > 0;
    return (
      <li
        key={node.id}
        ref={(element) => {
          if (element) refs.current.set(node.id, element);
          else refs.current.delete(node.id);
        }}
        role="treeitem"
        aria-label={[`${KIND_LABEL[node.kind]}: ${node.label}`, ...node.tags].join(', ')}
        aria-level={node.level}
        aria-expanded={parent ? open : undefined}
        aria-selected={node.id === selectedId}
        tabIndex={node.id === tabStop ? 0 : -1}
        className={styles.treeItem}
        onKeyDown={(event) => onKeyDown(event, node)}
        data-testid={node.id}
      >
        <div
          className={`${styles.treeRow} ${node.id === selectedId ? styles.selected : ''}`}
          style={{ paddingInlineStart: `calc(${node.level - 1} * var(--indent) + 4px)` }}
        >
          {parent ? (
            <span
              className={`${styles.chevron} ${open ? styles.open : ''}`}
              aria-hidden="true"
              onClick={() => toggle(node.id)}
            >
              <IconChevronDown size={16} />
            </span>
          ) : (
            <span className={styles.chevronSpace} aria-hidden="true" />
          )}
          <span className={styles.kind} aria-hidden="true">
            {KIND_LABEL[node.kind]}
          </span>
          <span className={styles.nodeName} onClick={() => onSelect(node.id)}>
            {node.label}
          </span>
          {node.tags.map((tag) => (
            <span key={tag} className={styles.tag}>
              {tag}
            </span>
          ))}
        </div>
        {parent && open && (
          <ul role="group" className={styles.treeGroup}>
            {node.childIds.map((id) => renderNode(nodes.get(id)!))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <ul role="tree" aria-label="Training programme" className={styles.tree}>
      {roots.map((id) => renderNode(nodes.get(id)!))}
    </ul>
  );
}
