import { poles, rmsDevices, stlts } from '../../db/schema/inventory';

/** The table of each inventory kind: one shape in code (`code`, `model`); RMS adds the expiry date. */
export const INVENTORY_TABLES = { rms: rmsDevices, stlt: stlts, pole: poles };
