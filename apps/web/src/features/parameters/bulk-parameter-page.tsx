import { Button, Space } from 'antd';
import { useState } from 'react';
import { ActivationPickTable } from '../../components/activation-pick-table';
import { useCanPickGroup } from '../../components/group-select';
import { BulkParameterModal } from './bulk-parameter-modal';

/** Add Bulk Parameter (spec 02 §2): pick activated devices, then set their load watt and hours at once. */
export function BulkParameterPage() {
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const [byGroup, setByGroup] = useState(false);
  const canPickGroup = useCanPickGroup();
  const openFor = (group: boolean) => {
    setByGroup(group);
    setOpen(true);
  };
  return (
    <>
      <ActivationPickTable
        title="Add Bulk Parameter"
        selected={selected}
        onSelect={setSelected}
        actions={
          <Space wrap>
            <Button type="primary" disabled={selected.length === 0} onClick={() => openFor(false)}>
              Bulk Parameter
            </Button>
            {canPickGroup && <Button onClick={() => openFor(true)}>Apply to a group</Button>}
          </Space>
        }
      />
      <BulkParameterModal
        open={open}
        devices={selected}
        byGroup={byGroup}
        onClose={() => setOpen(false)}
        onSaved={() => setSelected([])}
      />
    </>
  );
}
