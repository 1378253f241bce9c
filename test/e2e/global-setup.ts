/**
 * Once per e2e run: build the client bundles if stale and resolve the browser's path, handing
 * it to every test file through Vitest's provide/inject.
 */
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../src/server/build/client-build.ts';
import { resolveChromiumPath } from '../helpers/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  await ensureClientBuild();
  project.provide('chromiumPath', await resolveChromiumPath());
}
