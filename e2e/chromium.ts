/**
 * How Playwright starts Debian's Chromium here (the e2e tests and the browser benchmark alike):
 * the system binary, and flags that keep it off the network and the GPU (DEVELOPERS.md).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
