// Imported first by server.ts: V8 settings of the server process, set before the app allocates.
import { setFlagsFromString } from 'node:v8';

/**
 * No allocation-site pretenuring. Once enough objects of one allocation site survive a scavenge (as
 * they do while the server starts, migrates and seeds), V8 allocates that site's objects straight in
 * the old generation from then on: the users list's rows and answer pieces then filled the old
 * generation with garbage at about 1 MB per scavenge, a mark-compact every few seconds with pauses of
 * up to 25 ms. Without it the old generation stays flat under load and scavenges take 0.5-2 ms
 * (docs/decisions/0009-users-list-latency.md).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
