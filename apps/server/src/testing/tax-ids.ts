import { gstinCheckCharacter } from '@rms/contracts/tax-ids';

/** A PAN the contract accepts, one per serial (0–9999); the 4th letter is the holder type (C: company). */
export function testPan(serial = 0, holderType = 'C'): string {
  return `AAB${holderType}K${String(serial % 10_000).padStart(4, '0')}M`;
}

/** The GSTIN of this PAN in a state (07 Delhi by default), with its check character computed. */
export function testGstin(pan: string, stateCode = '07', registration = '1'): string {
  const first14 = `${stateCode}${pan}${registration}Z`;
  return first14 + gstinCheckCharacter(first14);
}
