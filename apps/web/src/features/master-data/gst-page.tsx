import type { GstRow } from '@rms/contracts/master-data';
import { Card, Tabs } from 'antd';
import { GstForm } from './gst-form';
import { GstList } from './gst-list';
import { useAddViewTabs } from './use-add-view-tabs';

/** GST Details (spec 01 §2): tabs add-gst and view-gst. */
export function GstPage() {
  const tabs = useAddViewTabs<GstRow>({ add: 'add-gst', view: 'view-gst' });
  return (
    <Card title="GST Details">
      <Tabs
        activeKey={tabs.tab}
        onChange={tabs.onTabChange}
        items={[
          {
            key: 'add-gst',
            label: tabs.editing ? 'Edit GST' : 'Add GST',
            children: <GstForm key={tabs.editing?.id ?? 'new'} editing={tabs.editing} onDone={tabs.finish} />,
          },
          { key: 'view-gst', label: 'View GST', children: <GstList onEdit={tabs.startEdit} /> },
        ]}
      />
    </Card>
  );
}
