import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test-utils/fake-api';
import { signIn } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';
import { StateCitySelect } from './state-city-select';

const STATES = [
  { id: 1, name: 'Goa', country: 'India', is_active: true },
  { id: 2, name: 'Kerala', country: 'India', is_active: true },
];
const city = (id: number, name: string, state: number) => ({
  id,
  name,
  state,
  state_data: { id: state, name: state === 1 ? 'Goa' : 'Kerala' },
  is_active: true,
});
const CITIES: Record<string, ReturnType<typeof city>[]> = {
  '1': [city(10, 'Panaji', 1), city(11, 'Margao', 1)],
  '2': [city(20, 'Kochi', 2)],
};
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function renderForm(onFinish = vi.fn(), initialValues?: object) {
  signIn();
  const seen = stubApi({
    'GET admin_settings/state/': () => [200, STATES],
    'GET admin_settings/city/': (r) => [200, CITIES[r.query.get('state') ?? ''] ?? []],
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <Form onFinish={onFinish} initialValues={initialValues}>
            <StateCitySelect />
            <Button htmlType="submit">Submit</Button>
          </Form>
        ),
      },
    ],
    '/',
  );
  return seen;
}

/** Opens an antd Select by its label and picks an option. */
async function choose(label: string, option: string) {
  await user().click(screen.getByLabelText(label));
  await user().click(await screen.findByTitle(option));
}

describe('StateCitySelect', () => {
  it('requires both with the default message', async () => {
    renderForm();
    await user().click(screen.getByText('Submit'));
    expect(await screen.findByText("'State' is required!")).toBeInTheDocument();
    expect(screen.getByText("'City' is required!")).toBeInTheDocument();
  });

  it("loads the chosen state's cities and clears the city when the state changes", async () => {
    const onFinish = vi.fn();
    const seen = renderForm(onFinish);
    expect(screen.getByLabelText('City')).toBeDisabled();
    await waitFor(() => expect(seen.some((r) => r.path === 'admin_settings/state/')).toBe(true));

    await choose('State', 'Goa');
    await choose('City', 'Margao');
    expect(seen.find((r) => r.path === 'admin_settings/city/')?.query.get('state')).toBe('1');
    await user().click(screen.getByText('Submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ state: 1, city: 11 }));

    await choose('State', 'Kerala');
    await user().click(screen.getByText('Submit'));
    expect(await screen.findByText("'City' is required!")).toBeInTheDocument();
    await choose('City', 'Kochi');
    await user().click(screen.getByText('Submit'));
    await waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ state: 2, city: 20 }));
  });

  it('clearing the state clears and disables the city', async () => {
    renderForm(vi.fn(), { state: 1, city: 10 });
    // A saved record keeps its city: only a person's choice of state clears it.
    expect(await screen.findByTitle('Panaji')).toBeInTheDocument();
    await user().click(
      screen.getByLabelText('State').closest('.ant-select')?.querySelector('.ant-select-clear') as Element,
    );
    await waitFor(() => expect(screen.getByLabelText('City')).toBeDisabled());
    expect(screen.queryByTitle('Panaji')).not.toBeInTheDocument();
  });
});
