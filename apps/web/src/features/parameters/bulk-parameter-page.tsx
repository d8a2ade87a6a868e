import { Button } from 'antd';
import { useState } from 'react';
import { ActivationPickTable } from '../../components/activation-pick-table';
import { BulkParameterModal } from './bulk-parameter-modal';

/** Add Bulk Parameter (spec 02 §2): pick activated devices, then set their load watt and hours at once. */
export function BulkParameterPage() {
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivationPickTable
        title="Add Bulk Parameter"
        selected={selected}
        onSelect={setSelected}
        actions={
          <Button type="primary" disabled={selected.length === 0} onClick={() => setOpen(true)}>
            Bulk Parameter
          </Button>
        }
      />
      <BulkParameterModal
        open={open}
        devices={selected}
        onClose={() => setOpen(false)}
        onSaved={() => setSelected([])}
      />
    </>
  );
}
