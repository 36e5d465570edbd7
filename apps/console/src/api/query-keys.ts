/**
 * The query keys of the console, from one factory so that an invalidation names exactly what it
 * means. Each area adds its own entry: `people: { list: (filters) => ['people', 'list', filters] }`.
 */
export const queryKeys = {
  lmsInfo: () => ['lms-info'] as const,
  people: {
    lists: () => ['people', 'list'] as const,
    list: (query: object) => ['people', 'list', query] as const,
    person: (userKey: number) => ['people', 'person', userKey] as const,
    record: (userKey: number) => ['people', 'record', userKey] as const,
    attempts: (userKey: number) => ['people', 'attempts', userKey] as const,
  },
  me: () => ['console', 'me'] as const,
  programme: {
    all: () => ['programme'] as const,
    tree: () => ['programme', 'tree'] as const,
    certificates: () => ['programme', 'certificates'] as const,
    documentTypes: () => ['programme', 'document-types'] as const,
  },
  staff: {
    all: () => ['staff'] as const,
    roles: () => ['staff', 'roles'] as const,
    members: () => ['staff', 'members'] as const,
    candidates: (text: string) => ['staff', 'candidates', text] as const,
  },
  assignments: {
    all: () => ['assignments'] as const,
    curricula: () => ['assignments', 'curricula'] as const,
    criteria: () => ['assignments', 'criteria'] as const,
    people: (query: object) => ['assignments', 'people', query] as const,
    rules: (ended: boolean) => ['assignments', 'rules', ended] as const,
    person: (userKey: number) => ['assignments', 'person', userKey] as const,
    curriculum: (curriculumKey: number) => ['assignments', 'curriculum', curriculumKey] as const,
  },
  audit: {
    all: () => ['audit'] as const,
    list: (filter: object) => ['audit', 'list', filter] as const,
  },
  compliance: {
    all: () => ['compliance'] as const,
    matrix: (query: object) => ['compliance', 'matrix', query] as const,
    facts: () => ['compliance', 'facts'] as const,
    list: (list: string, query: object) => ['compliance', 'list', list, query] as const,
    cell: (userKey: number, curriculumKey: number) =>
      ['compliance', 'cell', userKey, curriculumKey] as const,
    subscription: () => ['compliance', 'subscription'] as const,
    settings: () => ['compliance', 'settings'] as const,
    inspectorLinks: () => ['compliance', 'inspector-links'] as const,
  },
  records: {
    retention: () => ['records', 'retention'] as const,
  },
  /** An inspector link's pages (signed out; the token names the inspection). */
  inspection: {
    info: (token: string) => ['inspection', token] as const,
    matrix: (token: string, query: object) => ['inspection', token, 'matrix', query] as const,
    cell: (token: string, userKey: number, curriculumKey: number) =>
      ['inspection', token, 'cell', userKey, curriculumKey] as const,
  },
};
