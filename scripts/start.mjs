// `npm start`: builds the web app and the server when a build is missing or stale, then runs the
// identity server, which serves the API, the web app and the dev mailbox on one origin with the
// embedded database.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, buildWebIfStale, serverEntry } from './lib.mjs';

buildWebIfStale();
buildServerIfStale();

// Issue 17: the server runs in this process (imported, not spawned as a second Node), which saves a
// Node start; it handles SIGINT and SIGTERM and sets the exit code itself. Nothing above loads a
// module OpenTelemetry must patch first (the builds run in child processes).
process.env.DEV_TOOLS ??= 'true';
await import(pathToFileURL(serverEntry).href);
