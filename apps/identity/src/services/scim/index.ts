import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/time.js';
import type { GroupsService } from '../groups.js';
import type { TeamService } from '../team/members.js';
import { SCIM_PATH } from './context.js';
import { createScimDirectoriesService } from './directories.js';
import { scimDiscovery } from './discovery.js';
import { createScimGroupsService } from './groups.js';
import { createScimLogsService } from './logs.js';
import { createScimUsersService } from './users.js';

/** SCIM provisioning (issue 13): the directory configurations and the SCIM 2.0 server's resources. */
export function createScimServices(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  team: TeamService;
  groups: GroupsService;
}) {
  const baseUrl = `${deps.publicUrl}${SCIM_PATH}`;
  const users = createScimUsersService({ db: deps.db, clock: deps.clock, team: deps.team, baseUrl });
  return {
    directories: createScimDirectoriesService({ db: deps.db, clock: deps.clock, baseUrl, users }),
    users,
    groups: createScimGroupsService({ db: deps.db, clock: deps.clock, groups: deps.groups, baseUrl }),
    logs: createScimLogsService({ db: deps.db, clock: deps.clock }),
    discovery: scimDiscovery(baseUrl),
  };
}

export type ScimServices = ReturnType<typeof createScimServices>;
