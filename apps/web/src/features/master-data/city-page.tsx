import type { CityRow } from '@rms/contracts/master-data';
import { Card, Tabs } from 'antd';
import { CityForm } from './city-form';
import { CityList } from './city-list';
import { useAddViewTabs } from './use-add-view-tabs';

/** City master (spec 01 §2): an add tab and a view tab. */
export function CityPage() {
  const tabs = useAddViewTabs<CityRow>({ add: 'add-city', view: 'view-city' });
  return (
    <Card title="City">
      <Tabs
        activeKey={tabs.tab}
        onChange={tabs.onTabChange}
        items={[
          {
            key: 'add-city',
            label: tabs.editing ? 'Edit City' : 'Add City',
            children: (
              <CityForm key={tabs.editing?.id ?? 'new'} editing={tabs.editing} onDone={tabs.finish} />
            ),
          },
          { key: 'view-city', label: 'View Cities', children: <CityList onEdit={tabs.startEdit} /> },
        ]}
      />
    </Card>
  );
}
