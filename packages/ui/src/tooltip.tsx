import {
  cloneElement,
  isValidElement,
  useId,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import styles from './tooltip.module.css';

/** Gap between a tooltip and the element it describes (spec §9). */
export const TOOLTIP_OFFSET_PX = 5;

export type TooltipPosition = 'bottom' | 'top' | 'left' | 'right';

export interface TooltipProps {
  content: ReactNode;
  /** Side of the anchor the tooltip appears on; bottom by default (spec §9). */
  position?: TooltipPosition;
  /** One element; it gets aria-describedby pointing at the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/** A hover and keyboard-focus hint; Escape hides it. */
export function Tooltip({ content, position = 'bottom', children }: TooltipProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const anchor = isValidElement(children)
    ? cloneElement(children, { 'aria-describedby': shown ? id : undefined })
    : children;
  return (
    <span
      className={styles.anchor}
      style={{ '--tooltip-offset': `${TOOLTIP_OFFSET_PX}px` } as CSSProperties}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setShown(false);
      }}
    >
      {anchor}
      {shown && (
        <span role="tooltip" id={id} className={`${styles.tooltip} ${styles[position]}`}>
          {content}
        </span>
      )}
    </span>
  );
}
