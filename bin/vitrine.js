#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/cli.ts');
