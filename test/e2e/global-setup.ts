/**
 * Once per e2e run: build the client bundles if stale, resolve the browser's path and start the
 * run's one browser, handing both to every test file through Vitest's provide/inject; the
 * returned teardown closes the browser.
 */
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../src/server/build/client-build.ts';
import { launchChromiumServer, resolveChromiumPath } from '../helpers/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** The run's browser, for `connectChromium`. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureClientBuild();
  const chromiumPath = await resolveChromiumPath();
  project.provide('chromiumPath', chromiumPath);
  const browser = await launchChromiumServer(chromiumPath);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return () => browser.close();
}
