import { App, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { MSISDN_LABELS as L, msisdnFields, type MsisdnFields, type MsisdnRow } from '@rms/contracts/msisdn';
import { MSISDN_BULK_MESSAGES, MSISDN_BULK_TITLES } from '@rms/contracts/bulk-upload';
import { ApiError, formFieldErrors } from '../../api/errors';
import { BulkUpload } from '../../components/bulk-upload';
import { zodRule } from '../../lib/zod-rule';
import { MSISDN_AREA, useCreateMapping, useUpdateMapping } from './api';

const FIELDS = ['sim_number', 'imsi', 'msisdn'] as const;
/** The contract's rule for the field: the form says what the server would. */
const rules = (field: (typeof FIELDS)[number]) => [zodRule(msisdnFields.shape[field])];

/**
 * ADD MSISDN Mapping (spec 02 §2, §4): SIM NO., IMSI and MSISDN; a mapping arriving in navigation state
 * is prefilled and saving updates it. After saving it goes to the list with the server's message.
 */
export function MsisdnFormPage() {
  const record = (useLocation().state as { record?: MsisdnRow } | null)?.record;
  const [form] = Form.useForm<MsisdnFields>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateMapping();
  const update = useUpdateMapping();

  const submit = (values: MsisdnFields) => {
    const handlers = {
      onSuccess: (res: { detail: string }) => {
        void message.success(res.detail);
        void navigate('/view-msison-mapping');
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
      },
    };
    if (record) update.mutate({ id: record.id, ...values }, handlers);
    else create.mutate(values, handlers);
  };

  const initialValues = record
    ? { sim_number: record.sim_number, imsi: record.imsi, msisdn: record.msisdn }
    : undefined;

  return (
    <Card style={{ maxWidth: 640 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          ADD MSISDN Mapping
        </Typography.Title>
        <Flex gap={8} wrap>
          <BulkUpload
            area="msisdn"
            title={MSISDN_BULK_TITLES.add}
            successMessage={MSISDN_BULK_MESSAGES.created}
            reloads={[MSISDN_AREA]}
          />
        </Flex>
      </Flex>
      <Form
        form={form}
        name="msisdn-mapping"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
      >
        <Form.Item label={L.simNumber} name="sim_number" required rules={rules('sim_number')}>
          <Input inputMode="numeric" placeholder="18 to 22 digits" count={{ max: 22 }} />
        </Form.Item>
        <Form.Item label={L.imsi} name="imsi" required rules={rules('imsi')}>
          <Input inputMode="numeric" placeholder="15 digits" count={{ max: 15 }} />
        </Form.Item>
        <Form.Item label={L.msisdn} name="msisdn" required rules={rules('msisdn')}>
          <Input inputMode="tel" placeholder="+919812345678" count={{ max: 16 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {record ? 'Update' : 'Submit'}
          </Button>
          <Button onClick={() => navigate('/view-msison-mapping')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
