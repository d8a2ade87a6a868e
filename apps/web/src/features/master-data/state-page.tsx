import type { StateRow } from '@rms/contracts/master-data';
import { Card, Tabs } from 'antd';
import { StateForm } from './state-form';
import { StateList } from './state-list';
import { useAddViewTabs } from './use-add-view-tabs';

/** State master (spec 01 §2): an add tab and a view tab. */
export function StatePage() {
  const tabs = useAddViewTabs<StateRow>({ add: 'add-state', view: 'view-state' });
  return (
    <Card title="State">
      <Tabs
        activeKey={tabs.tab}
        onChange={tabs.onTabChange}
        items={[
          {
            key: 'add-state',
            label: tabs.editing ? 'Edit State' : 'Add State',
            children: (
              <StateForm key={tabs.editing?.id ?? 'new'} editing={tabs.editing} onDone={tabs.finish} />
            ),
          },
          { key: 'view-state', label: 'View States', children: <StateList onEdit={tabs.startEdit} /> },
        ]}
      />
    </Card>
  );
}
