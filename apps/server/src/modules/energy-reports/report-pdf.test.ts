import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { EnergyReport } from '@rms/contracts/energy-reports';
import { reportPdf } from './exports';
import { textRuns } from './pdf-fonts';

// The PDF export prints names in India's scripts (docs/energy-reports.md "Exports"): the text read back
// from the PDF, as a viewer or a screen reader gets it, holds every letter of the names. With pdfkit's
// Helvetica (Latin-1 only) none of them came back. Vowel signs are left out of the comparison: the
// shaper draws some of them as shared glyphs, and a PDF maps each glyph to one Unicode text only, so
// copied text may show a wrong vowel sign where the print is right (docs/energy-reports.md).

const ORGANIZATION = 'सूर्योदय लाइटिंग'; // Hindi (Devanagari)
const PROJECT = 'திருச்சி தெரு விளக்குகள்'; // Tamil
const GROUP = 'কলকাতা বন্দর'; // Bengali

const report: Omit<EnergyReport, 'devices'> = {
  month: '2026-10',
  organization: { id: 1, name: ORGANIZATION },
  project: PROJECT,
  group: { id: 2, name: GROUP },
  grid_co2_kg_per_kwh: 0.71,
  devices_reporting: 1,
  totals: {
    burning_hours: 11.5,
    lamp_kwh: 0.42,
    harvest_kwh: 0.61,
    planned_hours: null,
    availability_percent: null,
    full_night_kwh: null,
    saved_kwh: null,
    saved_percent: null,
    autonomy_days: null,
    co2_avoided_kg: 0.3,
  },
  days: [{ day: '2026-10-01', lamp_kwh: 0.42, harvest_kwh: 0.61, burning_hours: 11.5, full_night_kwh: null }],
};

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** A name's letters (consonants, vowels), not its vowel signs; shaping reorders, so order is not compared. */
const letters = (name: string) => [...new Set(name.match(/\p{L}/gu) ?? [])];

describe('energy report PDF', () => {
  it('prints organization, project and group names in Devanagari, Tamil and Bengali', async () => {
    const pdf = await reportPdf(report, [
      {
        ...report.totals,
        device: { id: 9, code: 'RMS-0009' },
        project: PROJECT,
        days: 1,
      },
    ]);
    const text = await pdfText(pdf);
    for (const name of [ORGANIZATION, PROJECT, GROUP])
      expect(letters(name).filter((letter) => !text.includes(letter))).toEqual([]);
    // The Latin text around them is still there, and readable.
    expect(text).toContain('Energy report, 2026-10');
    expect(text).toContain('Burning hours: 11.5 h');
    expect(text).toContain('RMS-0009');
  });

  it('draws each script with its own face, keeping spaces and vowel signs with their word', () => {
    expect(textRuns(`project ${PROJECT}, सूर्योदय`)).toEqual([
      { text: 'project ', font: 'latin-regular' },
      { text: PROJECT, font: 'tamil-regular' },
      { text: ', ', font: 'latin-regular' },
      { text: 'सूर्योदय', font: 'devanagari-regular' },
    ]);
  });
});
