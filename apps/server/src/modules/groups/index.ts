// Device groups (docs/lighting.md): which devices a group holds, for the areas that act on groups.
export { groupDevices, groupDevicesSql, type GroupDevice } from './members';
