/** The certificate page (spec §2); the screen itself is not built yet. */
export function CertificatePage() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Certificate</h1>
    </section>
  );
}
