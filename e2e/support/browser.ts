/** Debian's Chromium (no browser downloads here), with the flags this machine's closed network needs. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
};
