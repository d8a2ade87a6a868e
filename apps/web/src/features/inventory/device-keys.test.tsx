import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import { DEVICE_KEY_MESSAGES } from '@rms/contracts/inventory';
import { saveFile } from '../../lib/browser';
import { todayIso } from '../../lib/clock';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf, rmsRow } from '../../test-utils/rows';
import { RmsListPage } from './inventory-list-page';

// Device keys on the RMS list: a selection gets new keys after a warning, downloaded once as
// device-keys-<date>.csv; an RMS sheet's new devices' keys are offered the same way after it is saved.

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn(), saveFile: vi.fn() }));
beforeEach(() => vi.mocked(saveFile).mockClear());

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** RMS-A has a key (issued on 1 February); RMS-B and RMS-C have none. */
const LIST: FakeAnswer = [
  200,
  pageOf([
    rmsRow({ id: 1, device_id: 'RMS-A', device_key_issued_at: '2026-02-01T10:00:00Z' }),
    rmsRow({ id: 2, device_id: 'RMS-B' }),
    rmsRow({ id: 3, device_id: 'RMS-C' }),
  ]),
];

function openList(permissions: string[]) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  renderRoutes([{ path: '/view-rms-device-id', element: <RmsListPage /> }], '/view-rms-device-id');
}

describe('RMS list: Issue device keys', () => {
  it('issues keys for the selected devices after the warning and downloads them once as a CSV', async () => {
    const seen = stubApi({
      'GET devices/rms/': () => LIST,
      'POST devices/rms/keys/': () => [
        200,
        {
          detail: DEVICE_KEY_MESSAGES.issued(2),
          keys: [
            { id: 2, device_id: 'RMS-B', device_key: 'rmsk_b' },
            { id: 3, device_id: 'RMS-C', device_key: 'rmsk_c' },
          ],
        },
      ],
    });
    openList(['VIEW_RMS', 'CREATE_RMS']);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('RMS-B')).toBeInTheDocument();
    // Which devices have a key: a device without one cannot sign in.
    expect(within(table).getAllByText('None')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Issue device keys/ })).toBeDisabled();

    const rowOf = (code: string) => within(table).getByText(code).closest('tr')!;
    await user().click(within(rowOf('RMS-B')).getByRole('checkbox'));
    await user().click(within(rowOf('RMS-C')).getByRole('checkbox'));
    await user().click(screen.getByRole('button', { name: /Issue device keys \(2\)/ }));
    expect(await screen.findByText(DEVICE_KEY_MESSAGES.issueConfirm(2))).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Issue and download' }));

    const file = `device-keys-${todayIso()}.csv`;
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(
        file,
        'RMS ID,Device Key\r\nRMS-B,rmsk_b\r\nRMS-C,rmsk_c\r\n',
        'text/csv;charset=utf-8',
      ),
    );
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(seen.find((r) => r.path === 'devices/rms/keys/')?.body).toEqual({ devices: [2, 3] });
    expect(await screen.findByText(new RegExp(`${file} downloaded`))).toBeInTheDocument();
    // The selection is spent: another click would make other keys.
    await waitFor(() => expect(screen.getByRole('button', { name: /Issue device keys/ })).toBeDisabled());
  });

  it('is not offered without CREATE_RMS', async () => {
    stubApi({ 'GET devices/rms/': () => LIST });
    openList(['VIEW_RMS']);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('RMS-A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Issue device keys/ })).not.toBeInTheDocument();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('RMS bulk upload: the new devices’ keys', () => {
  it('offers them once as device-keys-<date>.csv after the sheet is saved', async () => {
    const KEY = 'spreadsheet/0123456789abcdef0123456789abcdef.xlsx';
    stubApi({
      'GET devices/rms/': () => LIST,
      'POST uploads/presigned_url/': () => [
        200,
        { url: `/api/v1/uploads/file/${KEY}?sig=x`, file_name: KEY, content_type: 'x', expires_in: 900 },
      ],
      [`PUT uploads/file/${KEY}`]: () => [200, { detail: 'ok' }],
      'POST devices/rms/bulk_upload/': () => [
        200,
        {
          detail: BULK_AREAS.rms.success,
          created: 1,
          file: {
            file_name: KEY,
            organization: 1,
            uploaded_by: { id: 1, name: 'Asha Rao' },
            requested_at: '2026-03-05T09:00:00Z',
            uploaded_at: '2026-03-05T09:00:02Z',
          },
          device_keys: [{ id: 9, device_id: 'RMS-NEW-1', device_key: 'rmsk_new' }],
        },
      ],
    });
    openList(['VIEW_RMS', 'CREATE_RMS']);
    await user().click(await screen.findByRole('button', { name: /Upload Excel/ }));
    const dialog = await screen.findByRole('dialog', { name: BULK_AREAS.rms.title });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user().upload(input, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'rms.xlsx'));
    await user().click(within(dialog).getByRole('button', { name: 'Upload' }));

    const keys = await screen.findByRole('dialog', { name: 'Device keys for 1 new RMS device' });
    expect(within(keys).getByText(/Sheet uploaded by Asha Rao on/)).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
    await user().click(within(keys).getByRole('button', { name: /Download device-keys-/ }));
    expect(saveFile).toHaveBeenCalledWith(
      `device-keys-${todayIso()}.csv`,
      'RMS ID,Device Key\r\nRMS-NEW-1,rmsk_new\r\n',
      'text/csv;charset=utf-8',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
