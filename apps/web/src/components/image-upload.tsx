import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { FILE_KINDS, formatBytes, UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { App, Button, Flex, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../api/uploads';
import { ApiError } from '../api/errors';

const START_DELAY_MS = 500; // spec 01 §9: the upload starts 500 ms after selection
const IMAGE_TYPES: readonly string[] = Object.values(FILE_KINDS.image.types);

interface ImageUploadProps {
  /** The recorded file name (a form field's value). */
  value?: string | null;
  onChange?: (fileName: string | null) => void;
  /** A display link for the current value. */
  previewUrl?: string | null;
  /** Accessible name of the picker, e.g. "Photo". */
  label?: string;
  /** Offer to remove the image. */
  removable?: boolean;
}

/**
 * One png or jpeg image (spec 01 §5): chosen, uploaded to a presigned URL half a second later, and its
 * file name handed to the form. Shows the current image, or the new one once it is uploaded.
 */
export function ImageUpload({
  value,
  onChange,
  previewUrl,
  label = 'Image',
  removable = true,
}: ImageUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<{ fileName: string; url: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);

  const preview = value && local?.fileName === value ? local.url : value ? previewUrl : null;

  return (
    <Flex vertical gap={4} align="flex-start">
      <Upload
        accept={IMAGE_TYPES.join(',')}
        listType="picture-card"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.includes(file.type)) {
            void message.error(UPLOAD_MESSAGES.imageTypes);
            return Upload.LIST_IGNORE;
          }
          if (file.size > FILE_KINDS.image.maxBytes) {
            void message.error(UPLOAD_MESSAGES.tooLarge(formatBytes(FILE_KINDS.image.maxBytes)));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          if (!(file instanceof File)) return;
          clearTimeout(timer.current);
          setUploading(true);
          timer.current = setTimeout(() => {
            uploadFile(file, 'image')
              .then((fileName) => {
                setLocal({ fileName, url: URL.createObjectURL(file) });
                onChange?.(fileName);
                onSuccess?.(fileName);
                void message.success(UPLOAD_MESSAGES.uploaded(file.name));
              })
              .catch((error: unknown) => {
                onError?.(error instanceof Error ? error : new Error(String(error)));
                const reason =
                  error instanceof ApiError && (error.status === 400 || error.status === 413)
                    ? ` ${error.detail}`
                    : '';
                void message.error(`${UPLOAD_MESSAGES.uploadFailed(file.name)}${reason}`);
              })
              .finally(() => setUploading(false));
          }, START_DELAY_MS);
        }}
      >
        <button
          type="button"
          aria-label={`Choose ${label.toLowerCase()}`}
          style={{
            border: 0,
            background: 'none',
            cursor: 'pointer',
            width: '100%',
            height: '100%',
            padding: 0,
          }}
        >
          {preview && !uploading ? (
            <img
              src={preview}
              alt={label}
              style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 8 }}
            />
          ) : (
            <Flex vertical align="center" gap={4}>
              {uploading ? <LoadingOutlined /> : <PlusOutlined />}
              <span>{uploading ? 'Uploading' : 'Upload'}</span>
            </Flex>
          )}
        </button>
      </Upload>
      {removable && value && !uploading && (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onChange?.(null)}>
          Remove {label.toLowerCase()}
        </Button>
      )}
    </Flex>
  );
}
