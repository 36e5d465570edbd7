/** The reference library (spec §2); the screen itself is not built yet. */
export function LibraryPage() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Library</h1>
    </section>
  );
}
