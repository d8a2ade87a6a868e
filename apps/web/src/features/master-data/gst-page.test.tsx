import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTER_DATA_MESSAGES } from '@rms/contracts/master-data';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { gstRow, pageOf } from '../../test-utils/rows';
import { GstPage } from './gst-page';

const rate = gstRow({ id: 4, invoice_name: 'GST @ 18%', name: 'GST 18%', value: 18 });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(url = '/gst-settings') {
  signIn();
  return renderRoutes([{ path: '/gst-settings', element: <GstPage /> }], url);
}

describe('GST screen', () => {
  it("shows the spec's required message for each field", async () => {
    const seen = stubApi({});
    open();
    await user().click(screen.getByText('Save'));
    expect(await screen.findByText("'Invoice Name' is required!")).toBeInTheDocument();
    expect(screen.getByText("'GST Name' is required!")).toBeInTheDocument();
    expect(screen.getByText("'GST Value (%)' is required!")).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('adds a rate with its percent and returns to view-gst', async () => {
    const seen = stubApi({
      'POST publisher/gst_setting/': () => [201, { ...rate, detail: 'GST Value Added Successfully.' }],
      'GET publisher/gst_setting/': () => [200, pageOf([rate])],
    });
    const router = open();
    await user().type(screen.getByLabelText('Invoice Name'), 'GST @ 18%');
    await user().type(screen.getByLabelText('GST Name'), 'GST 18%');
    await user().type(screen.getByLabelText('GST Value (%)'), '18');
    await user().click(screen.getByText('Save'));

    expect(await screen.findByText('GST Value Added Successfully.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      invoice_name: 'GST @ 18%',
      name: 'GST 18%',
      value: 18,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=view-gst'));
    expect(await screen.findByText('GST @ 18%')).toBeInTheDocument();
  });

  it('edits through POST with the id and deletes with is_active false', async () => {
    const seen = stubApi({
      'POST publisher/gst_setting/': (request) => [
        200,
        { ...rate, detail: (request.body as { is_active?: boolean }).is_active === false ? 'd' : 'u' },
      ],
      'GET publisher/gst_setting/': () => [200, pageOf([rate])],
    });
    open('/gst-settings?tab=view-gst');
    await user().click(await screen.findByLabelText('Edit GST 18%'));
    expect(screen.getByRole('tab', { name: 'Edit GST' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('GST Name')).toHaveValue('GST 18%');
    await user().click(screen.getByText('Update'));
    expect(await screen.findByText('GST Value Updated Successfully.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      id: 4,
      invoice_name: 'GST @ 18%',
      name: 'GST 18%',
      value: 18,
    });

    await user().click(await screen.findByLabelText('Delete GST 18%'));
    await user().click(await screen.findByText('Yes'));
    expect(await screen.findByText('GST deleted successfully')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ id: 4, is_active: false });
  });

  it('keeps an out-of-range value as typed, says why and sends nothing', async () => {
    const seen = stubApi({});
    open();
    await user().type(screen.getByLabelText('Invoice Name'), 'GST @ 150%');
    await user().type(screen.getByLabelText('GST Name'), 'GST 150%');
    const value = screen.getByLabelText('GST Value (%)');
    await user().type(value, '150');
    await user().click(screen.getByText('Save')); // leaves the field (blur) and submits

    expect(await screen.findByText(MASTER_DATA_MESSAGES.gstRange)).toBeInTheDocument();
    expect(value).toHaveValue('150'); // not quietly 100
    expect(seen).toHaveLength(0);
  });

  it('keeps a value with too many decimals as typed and says why', async () => {
    const seen = stubApi({});
    open();
    const value = screen.getByLabelText('GST Value (%)');
    await user().type(value, '18.555');
    await user().click(screen.getByText('Save'));

    expect(await screen.findByText('GST value has at most two decimals')).toBeInTheDocument();
    expect(value).toHaveValue('18.555'); // not quietly 18.56
    expect(seen).toHaveLength(0);
  });
});
