import { placeFleet, type FleetMember } from '@rms/simulator/fleet';

// The demo fleet's fixed description: the same codes, places and hardware on every start (the
// simulator's placement is deterministic from the seed), so a restart finds the devices it seeded.

export const DEMO_ORGANIZATION = 'Demo Solar Lighting';
export const DEMO_EMAIL = 'demo@demo-solar.example';
export const DEMO_DEVICE_COUNT = 200;
export const DEMO_SEED = 20_260_101;
export const DEMO_CODE_PREFIX = 'DEMO';
export const DEMO_HISTORY_DAYS = 90;

/**
 * The demo customer's people: its owner (who signs in) and two who handle its alarms in the seeded
 * workflow history (alarm-history.ts). Only the owner's password is ever told.
 */
export const DEMO_PEOPLE = {
  owner: { email: DEMO_EMAIL, firstName: 'Asha', lastName: 'Verma' },
  supervisor: { email: 'meena.iyer@demo-solar.example', firstName: 'Meena', lastName: 'Iyer' },
  technician: { email: 'ravi.kumar@demo-solar.example', firstName: 'Ravi', lastName: 'Kumar' },
} as const;

/** Where the devices stand: the spec's map centre with the neighbouring cities inside the radius. */
export const DEMO_RADIUS_KM = 22;

export function demoFleet(count = DEMO_DEVICE_COUNT): FleetMember[] {
  return placeFleet({ count, seed: DEMO_SEED, radiusKm: DEMO_RADIUS_KM, codePrefix: DEMO_CODE_PREFIX });
}

export interface DemoSite {
  state: string;
  city: string;
  project: string;
  latitude: number;
  longitude: number;
  /** PIN codes of the city's areas. */
  pins: readonly string[];
  areas: readonly string[];
}

/** Cities around the centre; each device belongs to the nearest one's project. */
export const DEMO_SITES: readonly DemoSite[] = [
  {
    state: 'Delhi',
    city: 'New Delhi',
    project: 'New Delhi Smart Streets',
    latitude: 28.6139,
    longitude: 77.209,
    pins: ['110001', '110003', '110011', '110021', '110023', '110029'],
    areas: ['Connaught Place', 'Lodhi Road', 'Chanakyapuri', 'Sarojini Nagar', 'Safdarjung'],
  },
  {
    state: 'Delhi',
    city: 'Delhi',
    project: 'North Delhi Ring Road',
    latitude: 28.7041,
    longitude: 77.1025,
    pins: ['110006', '110007', '110009', '110033', '110034', '110052', '110085'],
    areas: ['Civil Lines', 'Model Town', 'Rohini', 'Pitampura', 'Shalimar Bagh', 'Kamla Nagar'],
  },
  {
    state: 'Delhi',
    city: 'Delhi',
    project: 'East Delhi Colonies',
    latitude: 28.6304,
    longitude: 77.2977,
    pins: ['110051', '110091', '110092', '110096'],
    areas: ['Preet Vihar', 'Mayur Vihar', 'Laxmi Nagar', 'Shahdara'],
  },
  {
    state: 'Delhi',
    city: 'Delhi',
    project: 'South-West Delhi Arterials',
    latitude: 28.5921,
    longitude: 77.046,
    pins: ['110045', '110059', '110075', '110077'],
    areas: ['Dwarka', 'Janakpuri', 'Palam', 'Uttam Nagar'],
  },
  {
    state: 'Haryana',
    city: 'Gurugram',
    project: 'Gurugram Sector Lighting',
    latitude: 28.4595,
    longitude: 77.0266,
    pins: ['122001', '122002', '122018'],
    areas: ['Sector 14', 'DLF Phase 2', 'Sohna Road'],
  },
  {
    state: 'Haryana',
    city: 'Faridabad',
    project: 'Faridabad Highway',
    latitude: 28.4089,
    longitude: 77.3178,
    pins: ['121001', '121002', '121003'],
    areas: ['NIT', 'Sector 15', 'Old Faridabad'],
  },
  {
    state: 'Uttar Pradesh',
    city: 'Noida',
    project: 'Noida Expressway',
    latitude: 28.5355,
    longitude: 77.391,
    pins: ['201301', '201303', '201304'],
    areas: ['Sector 18', 'Sector 62', 'Sector 128'],
  },
  {
    state: 'Uttar Pradesh',
    city: 'Ghaziabad',
    project: 'Ghaziabad Colonies',
    latitude: 28.6692,
    longitude: 77.4538,
    pins: ['201001', '201002', '201010'],
    areas: ['Raj Nagar', 'Indirapuram', 'Vaishali'],
  },
];

export function nearestSite(latitude: number, longitude: number): DemoSite {
  let best = DEMO_SITES[0]!;
  let bestD = Infinity;
  for (const site of DEMO_SITES) {
    const dy = site.latitude - latitude;
    const dx = (site.longitude - longitude) * Math.cos((latitude * Math.PI) / 180);
    const d = dx * dx + dy * dy;
    if (d < bestD) [best, bestD] = [site, d];
  }
  return best;
}
