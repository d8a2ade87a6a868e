import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { BULK_UPLOAD_API, bulkUploadApi } from '@rms/contracts/api/bulk-upload';
import { BULK_AREAS, BULK_MESSAGES, type BulkAreaName, type BulkRowError } from '@rms/contracts/bulk-upload';
import { endpointPath } from '@rms/contracts/endpoint';
import { FILE_KINDS, formatBytes, UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { Alert, App, Button, Flex, Modal, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { api } from '../api/client';
import { ApiError, showApiError } from '../api/errors';
import { useInvalidatingMutation } from '../api/queries';
import { uploadFile } from '../api/uploads';
import { DeviceKeysModal, type NewDeviceKeys } from './device-keys-download';

// Bulk upload from Excel (spec 02 §4 "Bulk upload", §9): a "Sample Download" link to the area's sample
// sheet and an "Upload Excel" button opening a 700 px modal for one .xlsx file. The file goes through
// the presigned upload, then its file name is posted as report_upload to the area's bulk_upload path.
// Success: the message, the modal closes and the list reloads; an RMS sheet's new device keys are then
// offered once as a CSV download for the flashing step. Failure: every bad row in a Row / Error Msg table
// (a refused file is one row without a number).

const XLSX_TYPE = FILE_KINDS.spreadsheet.types.xlsx;

interface BulkUploadProps {
  area: BulkAreaName;
  /** The modal's title when the screen names another (spec 02 §2); the area's by default. */
  title?: string;
  /** The success message when the screen names its own (spec 02 §8); the server's by default. */
  successMessage?: string;
  /** The areas whose lists show the sheet's rows: reloaded after a successful upload. */
  reloads: readonly string[];
  /** Show "Upload Excel" (the caller checks the permission); the sample is always offered. */
  canUpload?: boolean;
}

/** The failure's rows: the server's list, or the refusal of the file itself as one row without a number. */
export function errorRowsOf(error: unknown): BulkRowError[] {
  if (!(error instanceof ApiError)) return [{ row: 0, error: BULK_MESSAGES.uploadFailed }];
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return detail as BulkRowError[];
  return [{ row: 0, error: error.detail }];
}

export function BulkUpload({ area, title, successMessage, reloads, canUpload = true }: BulkUploadProps) {
  const config = BULK_AREAS[area];
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<UploadFile | null>(null);
  const [errors, setErrors] = useState<BulkRowError[] | null>(null);
  const [newKeys, setNewKeys] = useState<NewDeviceKeys | null>(null);

  const upload = useInvalidatingMutation(
    async (chosen: File) => {
      const report_upload = await uploadFile(chosen, 'spreadsheet');
      return api(BULK_UPLOAD_API[area], { body: { report_upload } });
    },
    reloads,
    { silent: true },
  );
  const send = (chosen: File) =>
    upload.mutate(chosen, {
      onSuccess: (res) => {
        void message.success(successMessage ?? res.detail);
        close();
        if (res.device_keys?.length) setNewKeys({ keys: res.device_keys, file: res.file });
      },
      onError: (error) => {
        // Only refusals of the sheet are shown in the table; the rest follow the error catalogue.
        if (error instanceof ApiError && (error.status === 400 || error.status === 413)) {
          void message.error(BULK_MESSAGES.uploadFailed);
          setErrors(errorRowsOf(error));
        } else showApiError(error);
      },
    });

  function close() {
    setOpen(false);
    setFile(null);
    setErrors(null);
    // An upload still running goes on: its answer (the message, an RMS sheet's keys) must still arrive.
    if (!upload.isPending) upload.reset();
  }

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        href={endpointPath(bulkUploadApi.sample, { file: `${area}.xlsx` })}
        download={`${area}-sample.xlsx`}
      >
        Sample Download
      </Button>
      {canUpload && (
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          Upload Excel
        </Button>
      )}
      <Modal
        open={open}
        title={title ?? config.title}
        width={700}
        onCancel={close}
        destroyOnHidden
        okText="Upload"
        okButtonProps={{ disabled: !file?.originFileObj, loading: upload.isPending }}
        onOk={() => file?.originFileObj && send(file.originFileObj)}
      >
        <Flex vertical gap={16}>
          <Upload.Dragger
            accept={`.xlsx,${XLSX_TYPE}`}
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={(chosen) => {
              if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
                void message.error(UPLOAD_MESSAGES.spreadsheetTypes);
                return Upload.LIST_IGNORE;
              }
              if (chosen.size > FILE_KINDS.spreadsheet.maxBytes) {
                void message.error(UPLOAD_MESSAGES.tooLarge(formatBytes(FILE_KINDS.spreadsheet.maxBytes)));
                return Upload.LIST_IGNORE;
              }
              setFile({ uid: chosen.uid, name: chosen.name, size: chosen.size, originFileObj: chosen });
              setErrors(null);
              // The upload starts with the Upload button, not on selection.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setErrors(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag one .xlsx file here</p>
            <p className="ant-upload-hint">
              Use the sample sheet's columns. All rows are saved, or none when a row has an error.
            </p>
          </Upload.Dragger>
          {errors && <BulkErrorTable errors={errors} />}
        </Flex>
      </Modal>
      <DeviceKeysModal issued={newKeys} onClose={() => setNewKeys(null)} />
    </>
  );
}

/** Spec 02 §9: failures list Row and Error Msg pairs. */
export function BulkErrorTable({ errors }: { errors: BulkRowError[] }) {
  const rows = errors.length ? errors : [{ row: 0, error: '' }];
  return (
    <Flex vertical gap={8}>
      <Alert
        type="error"
        showIcon
        title={`${BULK_MESSAGES.uploadFailed}: nothing was saved. Correct the rows below and upload again.`}
      />
      <Table<BulkRowError & { key: number }>
        size="small"
        bordered
        aria-label="Bulk upload errors"
        dataSource={rows.map((r, i) => ({ ...r, key: i }))}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { title: 'Row', dataIndex: 'row', width: 90, render: (row: number) => (row > 0 ? row : '--') },
          { title: 'Error Msg', dataIndex: 'error', render: (error: string) => error || '--' },
        ]}
      />
    </Flex>
  );
}
