// `npm start`: builds the web app and the server when a build is missing or stale, then runs the
// identity server, which serves the API, the web app and the dev mailbox on one origin with the
// embedded database.
// The packages are installed first (on a fresh clone) in this process rather than as a `prestart` script,
// which would cost npm a shell and a second Node start on every `npm start` (issue 17).
import './ensure-deps.mjs';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, buildWebIfStale, serverEntry } from './lib.mjs';

buildWebIfStale();
buildServerIfStale();

// Issue 17: the server runs in this process (imported, not spawned as a second Node), which saves a
// Node start; it handles SIGINT and SIGTERM and sets the exit code itself. Nothing above loads a
// module OpenTelemetry must patch first (the builds run in child processes).
process.env.DEV_TOOLS ??= 'true';
await import(pathToFileURL(serverEntry).href);
