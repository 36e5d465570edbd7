import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { selectCurriculum } from '../../components/curriculum-selection';
import { paths } from '../../lib/paths';

/**
 * The Drafts entry (spec §2): "entering Drafts clears the current curriculum key", then every
 * draft curriculum shows in course details at drafts/course.
 */
export function DraftsPage() {
  useEffect(() => selectCurriculum(null), []);
  return <Navigate to={paths.draftsCourse} replace />;
}
