#!/usr/bin/env node
// `pnpm backup [file]`: a consistent backup of the whole database while the server runs (docs/operations.md).
import { runBackupCli } from './backup-cli.mjs';

runBackupCli('backup', process.argv.slice(2));
