import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Types a range into an antd RangePicker (`label` is its aria-label) as a keyboard user does: the start,
 * Enter, the end, Enter. Returns the two inputs.
 */
export async function typeRange(label: string, start: string, end: string, container = document.body) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const picker = within(container).getAllByLabelText(label)[0]!.closest('.ant-picker') as HTMLElement;
  const [from, to] = within(picker).getAllByRole('textbox') as [HTMLInputElement, HTMLInputElement];
  await user.click(from);
  await user.clear(from);
  await user.type(from, `${start}{Enter}`);
  await user.clear(to);
  await user.type(to, `${end}{Enter}`);
  await user.click(document.body); // away from the picker: it closes
  return [from, to] as const;
}
