import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSISDN_MESSAGES as M } from '@rms/contracts/msisdn';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { msisdnRow, pageOf } from '../../test-utils/rows';
import { renderRoutes } from '../../test-utils/render';
import { MsisdnFormPage } from './msisdn-form-page';
import { MsisdnPage } from './msisdn-page';

const row = msisdnRow({
  id: 5,
  sim_number: '8991101200003204510',
  imsi: '404450123456789',
  msisdn: '+919812345678',
});
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const listed = (): FakeAnswer => [200, pageOf([row])];

function open(url: string, codes: string[] = ['DEVICE_ACTIVATION']) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  return renderRoutes(
    [
      { path: '/view-msison-mapping', element: <MsisdnPage /> },
      { path: '/add-msison-mapping', element: <MsisdnFormPage /> },
    ],
    url,
  );
}

describe('MSISDN mapping screens', () => {
  it("shows the spec's required message for each field and calls nothing", async () => {
    const seen = stubApi({});
    open('/add-msison-mapping');
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("'SIM NO.' is required!")).toBeInTheDocument();
    expect(screen.getByText("'IMSI' is required!")).toBeInTheDocument();
    expect(screen.getByText("'MSISDN' is required!")).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('keeps a pasted number that is too long whole, says why and sends nothing', async () => {
    const seen = stubApi({});
    open('/add-msison-mapping');
    // One digit too many for each: cutting them to length would save a different, valid-looking number.
    const sim = `${row.sim_number}0123`; // 23 digits
    const imsi = `${row.imsi}0`; // 16 digits
    await user().click(screen.getByLabelText('SIM NO.'));
    await user().paste(sim);
    await user().click(screen.getByLabelText('IMSI'));
    await user().paste(imsi);
    await user().type(screen.getByLabelText('MSISDN'), row.msisdn);
    await user().click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText("'SIM NO.' must be at most 22 characters")).toBeInTheDocument();
    expect(screen.getByText("'IMSI' must be at most 15 characters")).toBeInTheDocument();
    expect(screen.getByLabelText('SIM NO.')).toHaveValue(sim);
    expect(screen.getByLabelText('IMSI')).toHaveValue(imsi);
    expect(seen).toHaveLength(0);
  });

  it('adds a mapping and returns to the list with the message', async () => {
    const seen = stubApi({
      'POST devices/msisdn_mapping/': () => [201, { ...row, detail: M.added }],
      'GET devices/msisdn_mapping/': listed,
    });
    const router = open('/add-msison-mapping');
    await user().type(screen.getByLabelText('SIM NO.'), row.sim_number);
    await user().type(screen.getByLabelText('IMSI'), row.imsi);
    await user().type(screen.getByLabelText('MSISDN'), row.msisdn);
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(M.added)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      sim_number: row.sim_number,
      imsi: row.imsi,
      msisdn: row.msisdn,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-msison-mapping'));
    expect(await screen.findByText(row.sim_number)).toBeInTheDocument();
  });

  it('puts the server’s duplicate error on its field', async () => {
    stubApi({
      'POST devices/msisdn_mapping/': () => [
        400,
        { detail: M.simNumberTaken, errors: { sim_number: [M.simNumberTaken] } },
      ],
    });
    open('/add-msison-mapping');
    await user().type(screen.getByLabelText('SIM NO.'), row.sim_number);
    await user().type(screen.getByLabelText('IMSI'), row.imsi);
    await user().type(screen.getByLabelText('MSISDN'), row.msisdn);
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(document.querySelector('#msisdn-mapping_sim_number_help')).toHaveTextContent(M.simNumberTaken),
    );
  });

  it('edits the row through PUT with its id, and deletes with is_active false', async () => {
    const seen = stubApi({
      'GET devices/msisdn_mapping/': listed,
      'PUT devices/msisdn_mapping/': (request) => [
        200,
        {
          ...row,
          detail: (request.body as { is_active?: boolean }).is_active === false ? M.deleted : M.updated,
        },
      ],
    });
    open('/view-msison-mapping');
    await user().click(await screen.findByLabelText(`Delete ${row.sim_number}`));
    await user().click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: row.id, is_active: false });

    await user().click(screen.getByLabelText(`Edit ${row.sim_number}`));
    expect(await screen.findByLabelText('SIM NO.')).toHaveValue(row.sim_number);
    await user().clear(screen.getByLabelText('MSISDN'));
    await user().type(screen.getByLabelText('MSISDN'), '9812345678');
    await user().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PUT')[1]?.body).toEqual({
      id: row.id,
      sim_number: row.sim_number,
      imsi: row.imsi,
      msisdn: '9812345678',
    });
  });

  it('shows Add MSISDN and the actions only with DEVICE_ACTIVATION', async () => {
    stubApi({ 'GET devices/msisdn_mapping/': listed });
    open('/view-msison-mapping', ['VIEW_DEVICE_ACTIVATION']);
    expect(await screen.findByText(row.sim_number)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add MSISDN' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(`Edit ${row.sim_number}`)).not.toBeInTheDocument();
  });
});
