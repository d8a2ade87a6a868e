import type { HsnRow } from '@rms/contracts/master-data';
import { Card, Tabs } from 'antd';
import { HsnForm } from './hsn-form';
import { HsnList } from './hsn-list';
import { useAddViewTabs } from './use-add-view-tabs';

/** HSN Details (spec 01 §2): tabs add-hsn and view-hsn. */
export function HsnPage() {
  const tabs = useAddViewTabs<HsnRow>({ add: 'add-hsn', view: 'view-hsn' });
  return (
    <Card title="HSN Details">
      <Tabs
        activeKey={tabs.tab}
        onChange={tabs.onTabChange}
        items={[
          {
            key: 'add-hsn',
            label: tabs.editing ? 'Edit HSN' : 'Add HSN',
            children: <HsnForm key={tabs.editing?.id ?? 'new'} editing={tabs.editing} onDone={tabs.finish} />,
          },
          { key: 'view-hsn', label: 'View HSN', children: <HsnList onEdit={tabs.startEdit} /> },
        ]}
      />
    </Card>
  );
}
