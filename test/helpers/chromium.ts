/**
 * Finds and launches Chromium for browser tests: $CHROMIUM_PATH, else the system's
 * /usr/bin/chromium, else the browser shipped inside the @sparticuz/chromium dev dependency
 * (so a fresh `npm install && npm test` needs no other step). Always our own flags: never the
 * package's defaults (--single-process, --disable-web-security).
 */
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Call once per test run (global setup): the packaged browser unpacks on first call, and
 * parallel first calls fail with ETXTBSY. */
export async function resolveChromiumPath(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (await isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
  }
  if (await isExecutable(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const packaged = await import('@sparticuz/chromium');
  return packaged.default.executablePath();
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS], ignoreDefaultArgs: false });
}

/**
 * One browser for a whole test run (global setup): files connect to it instead of each starting
 * their own, which cost seconds of a serial e2e run per file. Contexts stay per test.
 */
export function launchChromiumServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath,
    args: [...CHROMIUM_FLAGS],
    ignoreDefaultArgs: false,
  });
}

/** The run's browser (launchChromiumServer); closing it leaves the browser to the next file,
 * with every context this connection made closed. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
