#!/usr/bin/env node
// `pnpm restore <file> [--replace]`: restores a backup into an empty data folder or database (docs/operations.md).
import { runBackupCli } from './backup-cli.mjs';

runBackupCli('restore', process.argv.slice(2));
