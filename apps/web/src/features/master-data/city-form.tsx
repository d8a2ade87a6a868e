import {
  MASTER_DATA_LABELS as L,
  MASTER_DATA_MESSAGES as M,
  cityCreateBody,
  type CityRow,
} from '@rms/contracts/master-data';
import { Form, Input } from 'antd';
import { StateCitySelect } from '../../components/state-city-select';
import { notify } from '../../lib/notify';
import { zodRule } from '../../lib/zod-rule';
import { useSaveCity } from './city-api';
import { FormButtons } from './form-buttons';
import { showSaveError } from './save-errors';

interface CityFormProps {
  editing: CityRow | null;
  onDone: () => void;
}

interface CityValues {
  name: string;
  state: number;
}

export function CityForm({ editing, onDone }: CityFormProps) {
  const [form] = Form.useForm<CityValues>();
  const save = useSaveCity();
  const submit = (values: CityValues) =>
    save.mutate(editing ? { id: editing.id, ...values } : values, {
      onSuccess: () => {
        notify.success(editing ? M.cityUpdated : M.cityAdded);
        form.resetFields();
        onDone();
      },
      onError: (error) => showSaveError(form, error, ['name', 'state']),
    });

  return (
    <Form
      form={form}
      name="city"
      layout="vertical"
      initialValues={editing ? { name: editing.name, state: editing.state } : {}}
      onFinish={submit}
      style={{ maxWidth: 480 }}
    >
      <StateCitySelect withoutCity />
      <Form.Item name="name" label={L.cityName} required rules={[zodRule(cityCreateBody.shape.name)]}>
        <Input placeholder="e.g. Mysuru" count={{ max: 100 }} />
      </Form.Item>
      <FormButtons
        editing={editing !== null}
        saving={save.isPending}
        onCancel={() => {
          form.resetFields();
          onDone();
        }}
      />
    </Form>
  );
}
