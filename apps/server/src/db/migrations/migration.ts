/** A numbered, append-only schema change: plain PostgreSQL statements run in order in one transaction. */
export interface Migration {
  name: string;
  statements: string[];
}
