// Device groups (docs/device-groups.md): the area's face. Other areas resolve groups to devices with
// groupDevices / groupDevicesSql.
export { groupRoutes } from './routes';
export { deviceCandidates } from './service';
export { groupDevices, groupDevicesSql, type GroupMember } from './members';
