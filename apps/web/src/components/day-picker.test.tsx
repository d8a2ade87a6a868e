import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { INVENTORY_MESSAGES } from '@rms/contracts/inventory';
import { expiryDisabled } from '../lib/expiry-date';
import { TestProviders } from '../test-utils/render';
import { render } from '@testing-library/react';
import { DayPicker } from './day-picker';

function ExpiryForm({ onFinish }: { onFinish: (values: { expiry_date: Dayjs }) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item
        label="Expiry Date"
        name="expiry_date"
        rules={[
          {
            validator: async (_rule, value: Dayjs | undefined) => {
              if (value && expiryDisabled(value)) throw new Error(INVENTORY_MESSAGES.expiryAfterToday);
            },
          },
        ]}
      >
        <DayPicker disabledDate={(day) => expiryDisabled(day)} />
      </Form.Item>
      <Button htmlType="submit">Submit</Button>
    </Form>
  );
}

describe('day picker', () => {
  it('keeps a typed day the calendar greys out, so the rule can say why, and submits nothing', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onFinish = vi.fn();
    render(
      <TestProviders>
        <ExpiryForm onFinish={onFinish} />
      </TestProviders>,
    );
    const input = screen.getByLabelText('Expiry Date');
    await user.click(input);
    await user.type(input, '01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Submit' })); // leaves the field, submits

    expect(await screen.findByText(INVENTORY_MESSAGES.expiryAfterToday)).toBeInTheDocument();
    expect(input).toHaveValue('01/01/2020'); // not quietly emptied
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes a day the calendar allows as usual', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onFinish = vi.fn();
    render(
      <TestProviders>
        <ExpiryForm onFinish={onFinish} />
      </TestProviders>,
    );
    const input = screen.getByLabelText('Expiry Date');
    await user.click(input);
    await user.type(input, '31/12/2099{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await vi.waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]![0].expiry_date.format('YYYY-MM-DD')).toBe('2099-12-31');
  });
});
