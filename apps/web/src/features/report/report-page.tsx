/** The Completion Report (spec §2); the screen itself is not built yet. */
export function ReportPage() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Most Recent</h1>
    </section>
  );
}
