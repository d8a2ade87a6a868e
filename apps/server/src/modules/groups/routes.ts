import type { FastifyPluginAsync } from 'fastify';
import { groupApi as G } from '@rms/contracts/api/groups';
import { GROUP_MESSAGES } from '@rms/contracts/groups';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import {
  changeMembers,
  createGroup,
  deviceCandidates,
  deleteGroup,
  groupDeviceList,
  groupOf,
  listGroups,
  previewGroup,
  updateGroup,
} from './service';

// Device groups' routes (docs/device-groups.md). Paths, access and schemas are declared in contracts
// (api/groups.ts); every change answers the group as it now is.

export const groupRoutes: FastifyPluginAsync = async (app) => {
  route(app, G.groupList, (request) => listGroups(app.db, caller(request), request.query));
  route(app, G.groupPreview, (request) => previewGroup(app.db, caller(request), request.body));
  route(app, G.groupCandidates, (request) => deviceCandidates(app.db, caller(request), request.query));
  route(app, G.groupGet, (request) => groupOf(app.db, caller(request), request.params.id));
  route(app, G.groupDevices, (request) =>
    groupDeviceList(app.db, caller(request), request.params.id, request.query),
  );
  route(app, G.groupCreate, async (request) => ({
    detail: GROUP_MESSAGES.created,
    group: await createGroup(app.db, caller(request), request.body),
  }));
  // New criteria or devices: the schedules given to the group send its devices (and those that left
  // it) their nights before the answer.
  route(app, G.groupUpdate, async (request) => {
    const group = await updateGroup(app.db, caller(request), request.params.id, request.body);
    if (request.body.filter) await app.plans.replan({ groupIds: [group.id] });
    return { detail: GROUP_MESSAGES.updated, group };
  });
  route(app, G.groupMembers, async (request) => {
    const group = await changeMembers(app.db, caller(request), request.params.id, request.body);
    await app.plans.replan({ groupIds: [group.id] });
    return { detail: GROUP_MESSAGES.membersChanged, group };
  });
  route(app, G.groupDelete, async (request) => {
    await deleteGroup(app.db, caller(request), request.params.id);
    return { detail: GROUP_MESSAGES.deleted };
  });
};
