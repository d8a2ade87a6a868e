import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  ALARM_RULE_DEFAULTS,
  ALARM_RULE_FIELDS,
  type AlarmRuleRow,
  type EffectiveAlarmRule,
} from '@rms/contracts/alarm-rules';
import { ALARM_LABELS } from '@rms/contracts/telemetry';
import { useSession } from '../../auth/use-session';
import { useOrganizationChoices } from '../../components/organization-choices';
import { SeverityTag } from '../../components/alarm-severity';
import { EMPTY } from '../../lib/format';
import { effectiveRulesQuery, ruleChoicesQuery, savedRulesQuery, useDeleteRule, type RuleScope } from './api';
import { RuleFormModal, type RuleEditing } from './rule-form-modal';

const SOURCE_TAGS: Record<EffectiveAlarmRule['source'], { color?: string; label: string }> = {
  default: { label: 'Default' },
  organization: { color: 'blue', label: 'Organization' },
  project: { color: 'purple', label: 'Project' },
};

/** The thresholds in one line, with their units: "SOC < 20 % · clear ≥ 30 %". */
function thresholds(rule: EffectiveAlarmRule): string {
  const parts = ALARM_RULE_FIELDS[rule.kind]
    .filter((f) => rule.params[f.key] != null)
    .map(
      (f) =>
        `${f.label.replace(/^(Raise when|Clear when|Or raise when) /, '')} ${rule.params[f.key]} ${f.unit}`,
    );
  return parts.length > 0 ? parts.join(' · ') : "The device's own fault codes";
}

/**
 * Alarm rules: how each kind of alarm is judged for an organization, and per project where a project
 * overrides it. Each row is the rule a device of the scope is judged by (the project's, else the
 * organization's, else the default); editing saves a rule for exactly the scope shown, and "Use the
 * default" (or the organization's) removes it.
 */
export function AlarmRulesPage() {
  const { message } = App.useApp();
  const session = useSession();
  const [organization, setOrganization] = useState<number | undefined>(undefined);
  const [project, setProject] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<RuleEditing | null>(null);
  const scope: RuleScope = { organization, project };

  const organizations = useOrganizationChoices();
  const effective = useQuery(effectiveRulesQuery(scope));
  const saved = useQuery(savedRulesQuery(scope));
  const choices = useQuery(ruleChoicesQuery(organization));
  const remove = useDeleteRule();

  /** The rule saved for exactly this scope and kind, if any. */
  const savedHere = (kind: string): AlarmRuleRow | undefined =>
    saved.data?.find((r) => r.kind === kind && r.project === (project ?? null));
  const scopeName = project ? `project ${project}` : 'the whole organization';
  const fallback = project ? "the organization's rule" : 'the default';

  const columns: ColumnsType<EffectiveAlarmRule> = [
    {
      title: 'Alarm',
      key: 'kind',
      fixed: 'left',
      render: (_v, row) => <Typography.Text strong>{ALARM_LABELS[row.kind]}</Typography.Text>,
    },
    {
      title: 'Rule',
      key: 'source',
      render: (_v, row) => {
        const tag = SOURCE_TAGS[row.source];
        return <Tag color={tag.color}>{tag.label}</Tag>;
      },
    },
    {
      title: 'Enabled',
      key: 'enabled',
      render: (_v, row) => (row.enabled ? 'Yes' : <Typography.Text type="secondary">Off</Typography.Text>),
    },
    { title: 'Severity', key: 'severity', render: (_v, row) => <SeverityTag severity={row.severity} /> },
    {
      title: 'Thresholds',
      key: 'params',
      width: 340,
      render: (_v, row) => {
        const isDefault = JSON.stringify(row.params) === JSON.stringify(ALARM_RULE_DEFAULTS[row.kind].params);
        return (
          <Space direction="vertical" size={0}>
            <span>{thresholds(row)}</span>
            {!isDefault && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Default: {thresholds({ ...row, params: ALARM_RULE_DEFAULTS[row.kind].params })}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: 'Hold / clear hold',
      key: 'hold',
      render: (_v, row) => `${row.hold_minutes} / ${row.clear_hold_minutes} min`,
    },
    { title: 'SLA', key: 'sla', render: (_v, row) => `${row.sla_hours} h` },
    {
      title: 'Escalation',
      key: 'escalation',
      render: (_v, row) =>
        row.escalate_after_minutes === null || row.escalate_to.length === 0
          ? EMPTY
          : `After ${row.escalate_after_minutes} min to ${row.escalate_to
              .map((id) => choices.data?.people.find((p) => p.id === id)?.name ?? `#${id}`)
              .join(', ')}`,
    },
    {
      title: 'Action',
      key: 'actions',
      fixed: 'right',
      render: (_v, row) => {
        const own = savedHere(row.kind);
        return (
          <Space size={0}>
            <Tooltip title={`Edit for ${scopeName}`}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`Edit ${ALARM_LABELS[row.kind]}`}
                onClick={() => setEditing({ rule: row, savedId: own?.id ?? null })}
              />
            </Tooltip>
            {own && (
              <Popconfirm
                title={`Use ${fallback}?`}
                description={`The rule saved for ${scopeName} is deleted.`}
                okText="Delete"
                okButtonProps={{ danger: true }}
                cancelText="No"
                onConfirm={() => remove.mutateAsync(own.id).then((res) => void message.success(res.detail))}
              >
                {/* No tooltip here: it would lie over the confirmation's buttons. */}
                <Button
                  danger
                  type="text"
                  icon={<UndoOutlined />}
                  title={`Use ${fallback}`}
                  aria-label={`Use ${fallback} for ${ALARM_LABELS[row.kind]}`}
                />
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Alarm Rules
        </Typography.Title>
        <Flex wrap gap={12}>
          {organizations && (
            <Select
              aria-label="Organization"
              style={{ minWidth: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={organization ?? session?.user.organization_data.id}
              onChange={(value: number) => {
                setOrganization(value);
                setProject(undefined);
              }}
              options={organizations}
            />
          )}
          <Select
            aria-label="Project"
            style={{ minWidth: 220 }}
            allowClear
            placeholder="Whole organization"
            value={project}
            onChange={(value?: string) => setProject(value)}
            loading={choices.isLoading}
            options={(choices.data?.projects ?? []).map((p) => ({ value: p, label: p }))}
          />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">
        {project
          ? `Devices of project ${project} are judged by the project's rule where it has one, else by the organization's, else by the default.`
          : "The organization's rules apply to all its devices, except where a project has a rule of its own. Without a rule, the default applies."}
      </Typography.Paragraph>
      <Table<EffectiveAlarmRule>
        rowKey="kind"
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={false}
        loading={effective.isFetching}
        dataSource={effective.data?.rules ?? []}
        columns={columns}
        locale={{ emptyText: effective.isError ? 'The alarm rules could not be loaded' : 'No alarm kinds' }}
      />
      <RuleFormModal
        editing={editing}
        scope={scope}
        scopeName={scopeName}
        people={choices.data?.people ?? []}
        onClose={() => setEditing(null)}
        onSaved={(detail) => {
          setEditing(null);
          void message.success(detail);
        }}
      />
    </Card>
  );
}
