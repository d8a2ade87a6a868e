import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES, MSISDN_BULK_MESSAGES, MSISDN_BULK_TITLES } from '@rms/contracts/bulk-upload';
import { stubApi, type FakeAnswer } from '../test-utils/fake-api';
import { makeUser, signIn } from '../test-utils/fixtures';
import { pageOf } from '../test-utils/rows';
import { renderRoutes } from '../test-utils/render';
import { MsisdnPage } from '../features/msisdn/msisdn-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const KEY = 'spreadsheet/0123456789abcdef0123456789abcdef.xlsx';
const presigned = (): FakeAnswer => [
  200,
  {
    url: `/api/v1/uploads/file/${KEY}?sig=x`,
    file_name: KEY,
    content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    expires_in: 900,
  },
];
const empty = (): FakeAnswer => [200, pageOf([])];
const sheet = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'mappings.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function openModal() {
  signIn(makeUser({ permissions: [{ key: 'DEVICE_ACTIVATION' }] }));
  renderRoutes([{ path: '/view-msison-mapping', element: <MsisdnPage /> }], '/view-msison-mapping');
  expect(screen.getByRole('link', { name: /Sample Download/ })).toHaveAttribute(
    'href',
    '/samples/msisdn.xlsx',
  );
  await user().click(await screen.findByRole('button', { name: /Upload Excel/ }));
  const dialog = await screen.findByRole('dialog', { name: MSISDN_BULK_TITLES.view });
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  await user().upload(input, sheet());
  await user().click(within(dialog).getByRole('button', { name: 'Upload' }));
  return dialog;
}

describe('bulk upload modal', () => {
  it('lists every bad row as Row / Error Msg and stays open', async () => {
    const seen = stubApi({
      'GET devices/msisdn_mapping/': empty,
      'POST uploads/presigned_url/': presigned,
      [`PUT uploads/file/${KEY}`]: () => [200, { detail: 'ok' }],
      'POST devices/msisdn_mapping/bulk_upload/': () => [
        400,
        {
          detail: [
            { row: 3, error: 'IMSI is 15 digits' },
            { row: 7, error: 'This SIM NO. is already mapped' },
          ],
        },
      ],
    });
    const dialog = await openModal();
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Row' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Error Msg' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['3IMSI is 15 digits', '7This SIM NO. is already mapped']);
    expect(seen.find((r) => r.path.endsWith('bulk_upload/'))?.body).toEqual({ report_upload: KEY });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refused file as one row without a number', async () => {
    stubApi({
      'GET devices/msisdn_mapping/': empty,
      'POST uploads/presigned_url/': presigned,
      [`PUT uploads/file/${KEY}`]: () => [200, { detail: 'ok' }],
      'POST devices/msisdn_mapping/bulk_upload/': () => [
        400,
        { detail: BULK_MESSAGES.bomb, errors: { report_upload: [BULK_MESSAGES.bomb] } },
      ],
    });
    const dialog = await openModal();
    const table = await within(dialog).findByRole('table');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(`--${BULK_MESSAGES.bomb}`);
  });

  it('shows the success message, closes and reloads the list', async () => {
    const seen = stubApi({
      'GET devices/msisdn_mapping/': empty,
      'POST uploads/presigned_url/': presigned,
      [`PUT uploads/file/${KEY}`]: () => [200, { detail: 'ok' }],
      'POST devices/msisdn_mapping/bulk_upload/': () => [
        200,
        { detail: MSISDN_BULK_MESSAGES.added, created: 2 },
      ],
    });
    await openModal();
    expect(await screen.findByText(MSISDN_BULK_MESSAGES.added)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(seen.filter((r) => r.method === 'GET').length).toBeGreaterThan(1));
  });
});
