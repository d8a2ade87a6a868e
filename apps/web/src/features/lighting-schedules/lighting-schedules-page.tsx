import { Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { scheduleApi as S } from '@rms/contracts/api/schedules';
import { useAllows } from '../../auth/use-allows';
import { useSession } from '../../auth/use-session';
import { OrganizationFilter } from '../../components/organization-choices';
import { ConflictsTab } from './conflicts-tab';
import { DeliveriesTab } from './deliveries-tab';
import { SchedulesTab } from './schedules-tab';

// Lighting Schedules (docs/lighting-schedules.md): the organization's schedules (a group runs a profile
// on chosen weekdays, with dated exceptions and a month calendar in each schedule's drawer), the
// devices two schedules claim on one night and who wins, and whether each device got its plan.
// Viewers (VIEW_DEVICE_DATA) read; MANAGE_SCHEDULES changes. The tab is kept in the URL (?tab=).

const TABS = ['schedules', 'conflicts', 'delivery'] as const;
type TabKey = (typeof TABS)[number];

export function LightingSchedulesPage() {
  const session = useSession();
  const isProvider = session?.user.organization_data.is_provider ?? false;
  const canManage = useAllows(S.scheduleCreate.access);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = TABS.includes(asked as TabKey) ? (asked as TabKey) : 'schedules';
  const [organization, setOrganization] = useState<number | undefined>(undefined);

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Lighting Schedules
        </Typography.Title>
        <OrganizationFilter
          value={organization}
          onChange={(value) => {
            setOrganization(value);
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('page');
                return next;
              },
              { replace: true },
            );
          }}
        />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'schedules' ? {} : { tab: key })}
        items={[
          {
            key: 'schedules',
            label: 'Schedules',
            children: (
              <SchedulesTab organization={organization} showOrganization={isProvider} canManage={canManage} />
            ),
          },
          { key: 'conflicts', label: 'Conflicts', children: <ConflictsTab organization={organization} /> },
          { key: 'delivery', label: 'Delivery', children: <DeliveriesTab organization={organization} /> },
        ]}
      />
    </Card>
  );
}
