import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import type { EnergyReport } from '@rms/contracts/energy-reports';
import { formatNumber, kwh, NONE, oneDecimal, WHY_NONE, whyNoPlanFigure } from './energy-figures';

// The month's figures as cards (docs/energy-reports.md "How each figure is made"). A figure the month
// cannot give (no plan, no lamp energy) shows "—", and its tooltip says why.

interface Kpi {
  title: string;
  value: string;
  suffix?: string;
  /** Under the value: a second unit or what the figure is measured against. */
  note?: string;
  /** Set when the value is missing: why. */
  why?: string;
}

function kpisOf(report: EnergyReport): Kpi[] {
  const t = report.totals;
  return [
    {
      title: 'Burning hours',
      value: oneDecimal(t.burning_hours),
      suffix: 'h',
      note: t.planned_hours === null ? 'No plan to compare' : `of ${oneDecimal(t.planned_hours)} h planned`,
    },
    { title: 'Lamp energy', value: kwh(t.lamp_kwh), suffix: 'kWh' },
    { title: 'Solar harvest', value: kwh(t.harvest_kwh), suffix: 'kWh' },
    {
      title: 'Availability',
      value: oneDecimal(t.availability_percent),
      suffix: '%',
      why: t.availability_percent === null ? whyNoPlanFigure(t) : undefined,
    },
    {
      title: 'Energy saved',
      value: kwh(t.saved_kwh),
      suffix: 'kWh',
      note: t.saved_percent === null ? undefined : `${oneDecimal(t.saved_percent)} % of full brightness`,
      why: t.saved_kwh === null ? whyNoPlanFigure(t) : undefined,
    },
    {
      title: 'Battery autonomy',
      value: oneDecimal(t.autonomy_days),
      suffix: 'nights',
      note: t.autonomy_days === null ? undefined : 'the median device, with no sun',
      why: t.autonomy_days === null ? WHY_NONE.noLampEnergy : undefined,
    },
    { title: 'CO₂ avoided', value: formatNumber(t.co2_avoided_kg, 2), suffix: 'kg' },
    { title: 'Devices reporting', value: formatNumber(report.devices_reporting, 0) },
  ];
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={kpi.title}
        value={kpi.value}
        formatter={() => kpi.value}
        suffix={kpi.why ? undefined : kpi.suffix}
        valueRender={(node) =>
          kpi.why ? (
            <Tooltip title={kpi.why}>
              <span aria-label={`${kpi.title}: ${kpi.why}`} style={{ cursor: 'help' }}>
                {NONE}
              </span>
            </Tooltip>
          ) : (
            node
          )
        }
      />
      {kpi.note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {kpi.note}
        </Typography.Text>
      )}
    </Card>
  );
}

export function EnergyKpiCards({ report }: { report: EnergyReport }) {
  return (
    <Row gutter={[12, 12]} role="list" aria-label="Month's figures">
      {kpisOf(report).map((kpi) => (
        <Col key={kpi.title} xs={12} md={8} xl={6} role="listitem">
          <KpiCard kpi={kpi} />
        </Col>
      ))}
    </Row>
  );
}
