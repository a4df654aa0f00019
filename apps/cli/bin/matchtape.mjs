#!/usr/bin/env node
// The `matchtape` command: TypeScript source run through tsx, so it works right after `npm ci` with no build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
