import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAN_MESSAGES } from '@rms/contracts/tax-ids';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { renderRoutes } from '../../test-utils/render';
import { ExistingOrganizationPage } from './existing-organization-page';

describe('existing organization form', () => {
  it('checks the PAN with the same rule as the server: a 4th letter that is no holder type is named', async () => {
    const seen = stubApi({});
    renderRoutes([{ path: '/', element: <ExistingOrganizationPage /> }], '/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@ujala.example');
    await user.type(screen.getByLabelText('PAN'), 'abcde1234f');
    await user.click(screen.getByRole('button', { name: 'Add Account' }));

    expect(await screen.findByText(PAN_MESSAGES.holderType)).toBeInTheDocument();
    expect(screen.getByLabelText('PAN')).toHaveValue('ABCDE1234F');
    expect(seen).toEqual([]);
  });
});
