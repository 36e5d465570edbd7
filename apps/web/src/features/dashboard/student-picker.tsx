import { useId, useMemo, useState } from 'react';
import type { PickerUser } from '../../api/widgets';
import styles from './calendar-widget.module.css';

export interface StudentPickerProps {
  users: PickerUser[];
  value: number;
  self: number;
  onChange: (userKey: number) => void;
}

const nameOf = (user: PickerUser) =>
  user.displayName || `${user.nameOther} ${user.nameCollated}`.trim() || user.userID;

/** The calendar's student picker with search (spec §2), shown only where it is enabled. */
export function StudentPicker({ users, value, self, onChange }: StudentPickerProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    // §2 Search list matches the typed text case-sensitively against lowercase fields, so a capital
    // letter would find nobody; both sides are lowercased instead (ADR 0010).
    const needle = search.trim().toLowerCase();
    return users.filter(
      (user) =>
        user.userKey === value ||
        needle === '' ||
        nameOf(user).toLowerCase().includes(needle) ||
        user.userID.toLowerCase().includes(needle),
    );
  }, [users, search, value]);
  return (
    <div className={styles.picker} data-testid="student-picker">
      <label htmlFor={searchId} className="wp-visually-hidden">
        Search students
      </label>
      <input
        id={searchId}
        className={styles.pickerSearch}
        type="search"
        placeholder="Search students"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        aria-label="Student"
        className={styles.pickerSelect}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {!users.some((user) => user.userKey === self) && <option value={self}>Me</option>}
        {shown.map((user) => (
          <option key={user.userKey} value={user.userKey}>
            {nameOf(user)}
          </option>
        ))}
      </select>
    </div>
  );
}
