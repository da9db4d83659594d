// `npm run create-superuser --workspace apps/identity -- --email you@example.com [--name "…"] [--tenant "…"]`
// Kept for the README's production steps: the same as `npm run ops -- create-superuser …` (cli/ops.ts).
import { runOps } from './ops.js';

process.exitCode = await runOps(['create-superuser', ...process.argv.slice(2)]);
