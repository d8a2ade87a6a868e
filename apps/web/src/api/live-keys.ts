// Query keys of the monitoring screens, shared by the screens and by the live channel (api/live.ts).
// A screen keys each query under one of these prefixes; when a live event comes in, the hook
// invalidates (or patches) every query under the prefixes of the device it names, so the screen
// refetches without knowing about the channel.
//
//   liveKeys.all                 ['monitoring']                              everything below
//   liveKeys.device(id)          ['monitoring', 'device', id]                one device's screens
//                                  (/analysis: live report, MPPT, alarm status, harvest chart...;
//                                   put the rest of the key after it: [...liveKeys.device(id), 'report'])
//   liveKeys.liveReport(id)      ['monitoring', 'device', id, 'live-report'] its live report; `live`
//                                  events patch this one in place (status, last update, readings)
//   liveKeys.loadStatus(id)      ['monitoring', 'device', id, 'load-status'] its load on/off
//   liveKeys.commands(id)        ['monitoring', 'device', id, 'commands']    its commands' progress
//   liveKeys.alarms              ['monitoring', 'alarms']                    alarm lists (/alarms-view,
//                                  the dashboard's Alarms panel): invalidated by `alarm` events
//   liveKeys.fleet               ['monitoring', 'fleet']                     fleet-wide views (map,
//                                  device summary, device report): invalidated by `live` events
//                                  at most every 15 s; a screen of many devices (the map) may rather
//                                  patch its own data from subscribeLiveEvents() in api/live.ts
//
// Ids are the devices' inventory ids (numbers), as the server's events carry them.

export const liveKeys = {
  all: ['monitoring'] as const,
  device: (id: number) => ['monitoring', 'device', id] as const,
  /** Any other query of one device: [...device(id), what, ...rest]. */
  deviceWhat: (id: number, what: string, ...rest: unknown[]) =>
    ['monitoring', 'device', id, what, ...rest] as const,
  liveReport: (id: number) => ['monitoring', 'device', id, 'live-report'] as const,
  loadStatus: (id: number) => ['monitoring', 'device', id, 'load-status'] as const,
  commands: (id: number) => ['monitoring', 'device', id, 'commands'] as const,
  alarms: ['monitoring', 'alarms'] as const,
  alarmList: (...rest: unknown[]) => ['monitoring', 'alarms', ...rest] as const,
  fleet: ['monitoring', 'fleet'] as const,
  fleetWhat: (what: string, ...rest: unknown[]) => ['monitoring', 'fleet', what, ...rest] as const,
};
