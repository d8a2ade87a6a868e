import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test-utils/fake-api';
import { signIn } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';
import { ImageUpload } from './image-upload';

function Harness({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <ImageUpload
      label="Photo"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const KEY = `image/${'a'.repeat(32)}.png`;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function pick(name: string, type: string) {
  const input = document.querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], name, { type }), {
    applyAccept: false,
  });
}

describe('image upload', () => {
  it('presigns, PUTs the file with its content type, then hands over the file name', async () => {
    signIn();
    const seen = stubApi({
      'POST uploads/presigned_url/': () => [
        200,
        {
          url: `/api/v1/uploads/file/${KEY}?sig=x`,
          file_name: KEY,
          content_type: 'image/png',
          expires_in: 900,
        },
      ],
      [`PUT uploads/file/${KEY}`]: () => [200, { detail: 'Uploaded' }],
    });
    const onChange = vi.fn();
    renderRoutes([{ path: '/', element: <Harness onChange={onChange} /> }], '/');
    await pick('me.png', 'image/png');

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(KEY), { timeout: 3000 });
    expect(await screen.findByText('me.png file uploaded successfully')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ file: 'me.png', file_type: 'image', size: 2 });
    expect(seen[1]?.headers.get('Content-Type')).toBe('image/png');
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'blob:preview');
  });

  it('says the upload failed when the store refuses the file', async () => {
    signIn();
    stubApi({
      'POST uploads/presigned_url/': () => [
        200,
        {
          url: `/api/v1/uploads/file/${KEY}?sig=x`,
          file_name: KEY,
          content_type: 'image/png',
          expires_in: 900,
        },
      ],
      [`PUT uploads/file/${KEY}`]: () => [400, { detail: 'The file is not a png or jpeg image' }],
    });
    const onChange = vi.fn();
    renderRoutes([{ path: '/', element: <Harness onChange={onChange} /> }], '/');
    await pick('fake.png', 'image/png');

    expect(
      await screen.findByText(
        'fake.png file upload failed. The file is not a png or jpeg image',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes png and jpeg only', async () => {
    signIn();
    const seen = stubApi({});
    renderRoutes([{ path: '/', element: <Harness onChange={vi.fn()} /> }], '/');
    await pick('anim.gif', 'image/gif');
    expect(await screen.findByText('Only png and jpeg images can be uploaded')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});
