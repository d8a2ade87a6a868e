import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import {
  ENERGY_DEVICE_COLUMNS,
  type EnergyDeviceRow,
  type EnergyFigures,
  type EnergyReport,
} from '@rms/contracts/energy-reports';
import { cellFont, registerPdfFonts, writeText } from './pdf-fonts';

// The energy report as files (docs/energy-reports.md "Exports"): an xlsx workbook with the summary, the
// days and every device, and a PDF for the client with the summary, a chart of the days and the devices.
// Text cells are written as strings (never formulas): a project named "=1+1" stays text.

type Report = Omit<EnergyReport, 'devices'>;

/** The summary's lines: label, value, unit. */
export function summaryLines(report: Report): [string, number | null, string][] {
  const t: EnergyFigures = report.totals;
  return [
    ['Devices reporting', report.devices_reporting, ''],
    ['Burning hours', t.burning_hours, 'h'],
    ['Lamp energy', t.lamp_kwh, 'kWh'],
    ['Solar harvest', t.harvest_kwh, 'kWh'],
    ['Planned hours', t.planned_hours, 'h'],
    ['Availability', t.availability_percent, '%'],
    ['Full brightness all night', t.full_night_kwh, 'kWh'],
    ['Energy saved', t.saved_kwh, 'kWh'],
    ['Energy saved', t.saved_percent, '%'],
    ['Battery autonomy (median)', t.autonomy_days, 'nights'],
    ['CO2 avoided', t.co2_avoided_kg, 'kg'],
  ];
}

/** Who the report is of, in words. */
export function scopeLine(report: Report): string {
  const parts = [report.organization?.name ?? 'Every organization'];
  if (report.project) parts.push(`project ${report.project}`);
  if (report.group) parts.push(`group ${report.group.name}`);
  return parts.join(', ');
}

const cellOf = (row: EnergyDeviceRow, key: (typeof ENERGY_DEVICE_COLUMNS)[number]['key']) =>
  key === 'device' ? row.device.code : row[key];

export async function reportXlsx(report: Report, devices: EnergyDeviceRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RMS Console';
  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Energy report', key: 'label', width: 30 },
    { header: report.month, key: 'value', width: 16 },
    { header: '', key: 'unit', width: 10 },
  ];
  summary.getRow(1).font = { bold: true };
  summary.addRow({ label: scopeLine(report) });
  for (const [label, value, unit] of summaryLines(report)) summary.addRow({ label, value, unit });
  summary.addRow({ label: 'Grid factor', value: report.grid_co2_kg_per_kwh, unit: 'kg CO2/kWh' });

  const days = workbook.addWorksheet('Days');
  days.columns = [
    { header: 'Day', key: 'day', width: 12 },
    { header: 'Lamp energy (kWh)', key: 'lamp_kwh', width: 18 },
    { header: 'Solar harvest (kWh)', key: 'harvest_kwh', width: 18 },
    { header: 'Burning hours', key: 'burning_hours', width: 14 },
    { header: 'Full brightness (kWh)', key: 'full_night_kwh', width: 20 },
  ];
  days.getRow(1).font = { bold: true };
  for (const d of report.days) days.addRow(d);

  const sheet = workbook.addWorksheet('Devices');
  sheet.columns = ENERGY_DEVICE_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of devices)
    sheet.addRow(Object.fromEntries(ENERGY_DEVICE_COLUMNS.map((c) => [c.key, cellOf(r, c.key)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The PDF lists this many devices; the rest are in the xlsx. */
export const PDF_MAX_DEVICES = 1000;

const text = (v: number | string | null) => (v === null ? '—' : String(v));

export async function reportPdf(report: Report, devices: EnergyDeviceRow[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Energy report ${report.month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  // Names may be in any of India's scripts: Noto Sans, never the Latin-1 Helvetica (pdf-fonts.ts).
  registerPdfFonts(doc);
  doc.fontSize(18);
  writeText(doc, `Energy report, ${report.month}`);
  doc.fontSize(11).fillColor('#555');
  writeText(doc, scopeLine(report));
  doc.fillColor('#000').moveDown();
  for (const [label, value, unit] of summaryLines(report))
    doc.fontSize(10).text(`${label}: ${text(value)} ${value === null ? '' : unit}`);
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(
      `CO2 avoided is the lamp energy times ${report.grid_co2_kg_per_kwh} kg CO2 per kWh of grid energy. ` +
        'Availability and energy saved count the nights the lights had a plan.',
    )
    .fillColor('#000')
    .moveDown();
  dayChart(doc, report);

  doc.addPage().fontSize(12).text('Devices');
  const shown = devices.slice(0, PDF_MAX_DEVICES);
  const columns: [string, (r: EnergyDeviceRow) => string, number][] = [
    ['RMS ID', (r) => r.device.code, 110],
    ['Burning h', (r) => text(r.burning_hours), 60],
    ['Lamp kWh', (r) => text(r.lamp_kwh), 60],
    ['Harvest kWh', (r) => text(r.harvest_kwh), 65],
    ['Avail. %', (r) => text(r.availability_percent), 50],
    ['Saved kWh', (r) => text(r.saved_kwh), 60],
    ['Autonomy', (r) => text(r.autonomy_days), 55],
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.fontSize(8);
    cells.forEach((cell, i) => {
      doc
        .font(cellFont(cell, bold ? 'bold' : 'regular'))
        .text(cell, x, y, { width: columns[i]![2] - 4, lineBreak: false, ellipsis: true });
      x += columns[i]![2];
    });
    doc.x = doc.page.margins.left;
    doc.y = y + 12;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 12) doc.addPage();
  };
  row(
    columns.map((c) => c[0]),
    true,
  );
  for (const r of shown) row(columns.map((c) => c[1](r)));
  if (devices.length > shown.length)
    doc
      .font(cellFont(''))
      .fontSize(8)
      .text(`${devices.length - shown.length} more devices: see the xlsx export.`);
  doc.end();
  return done;
}

/** Lamp energy (bars) and harvest (line) per day. */
function dayChart(doc: PDFKit.PDFDocument, report: Report): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const height = 160;
  const top = doc.y + 10;
  const peak = Math.max(0.001, ...report.days.flatMap((d) => [d.lamp_kwh, d.harvest_kwh]));
  const step = width / Math.max(1, report.days.length);
  doc.fontSize(10).text('Per day: lamp energy (bars) and solar harvest (line), kWh', left, doc.y);
  report.days.forEach((d, i) => {
    const h = (d.lamp_kwh / peak) * height;
    doc.rect(left + i * step + 1, top + 14 + height - h, Math.max(1, step - 2), h).fill('#1677ff');
  });
  doc.strokeColor('#fa8c16').lineWidth(1.5);
  report.days.forEach((d, i) => {
    const x = left + i * step + step / 2;
    const y = top + 14 + height - (d.harvest_kwh / peak) * height;
    if (i === 0) doc.moveTo(x, y);
    else doc.lineTo(x, y);
  });
  doc.stroke().fillColor('#000').strokeColor('#000');
  doc.fontSize(7).text(`0 – ${peak.toFixed(2)} kWh`, left, top + 14 + height + 4);
  doc.x = left;
}
