import yauzl from 'yauzl';

/**
 * Every entry of a zip, name -> bytes: a zip the server answered (its bytes) or one a browser
 * saved (its path). The tests read exports and inspector downloads back with it.
 */
export async function readZip(source: Buffer | string): Promise<Map<string, Buffer>> {
  const options = { lazyEntries: true };
  const file =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of await file.openReadStreamPromise(entry)) {
          chunks.push(chunk as Buffer);
        }
        entries.set(entry.fileName, Buffer.concat(chunks));
        file.readEntry();
      })().catch(reject);
    });
    file.readEntry();
  });
}
