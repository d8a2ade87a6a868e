import { UndoOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';

// Deleted rows in a list (contracts/soft-delete.ts): with the toolbar's "Show deleted" switch on, the
// table lists the deleted rows; each shows a "Deleted" tag and, for whoever may delete it, a Restore
// action in place of edit and delete. Written once here; the lists pass what differs.

/** What a list tells its table about deleted rows. */
export interface DeletedRowsOptions<T> {
  /** The table lists deleted rows (the switch is on). */
  showing: boolean;
  /** Whether the caller may restore the row: the delete's permission code (and account rules). */
  canRestore: (row: T) => boolean;
  /** Restores the row; answers the server's message. */
  onRestore: (row: T) => Promise<{ detail: string }>;
  /** The row's name in the Restore button's accessible name ("Restore <label>"). */
  label: (row: T) => string;
}

const isDeleted = (row: object) => (row as { is_active?: unknown }).is_active === false;

export function DeletedTag() {
  return <Tag color="red">{RESTORE_MESSAGES.deletedTag}</Tag>;
}

/** The restore action: 'Restore this?' with Yes/No, then the server's message. */
export function ConfirmRestore({
  label,
  onConfirm,
}: {
  label: string;
  onConfirm: () => Promise<{ detail: string }>;
}) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={RESTORE_MESSAGES.confirm}
      okText="Yes"
      cancelText="No"
      // Failures are shown by the error catalogue; the Yes button spins until the answer.
      onConfirm={() =>
        onConfirm()
          .then((res) => void message.success(res.detail || RESTORE_MESSAGES.restored))
          .catch(() => undefined)
      }
    >
      <Button type="link" size="small" icon={<UndoOutlined />} aria-label={`Restore ${label}`}>
        Restore
      </Button>
    </Popconfirm>
  );
}

function DeletedRowActions<T extends object>({ row, options }: { row: T; options: DeletedRowsOptions<T> }) {
  return (
    <Flex gap={4} align="center" wrap={false}>
      <DeletedTag />
      {options.canRestore(row) && (
        <ConfirmRestore label={options.label(row)} onConfirm={() => options.onRestore(row)} />
      )}
    </Flex>
  );
}

/** Width of the actions column while deleted rows show: the tag and the Restore button side by side. */
const DELETED_ACTIONS_WIDTH = 190;

/**
 * The list's columns with deleted rows handled: a deleted row's actions cell shows the tag and Restore
 * instead of the list's own actions (edit, delete ...); a list without an actions column (its caller
 * may not change rows) gets one that shows the tag.
 */
export function withDeletedRows<T extends object>(
  columns: ColumnsType<T>,
  options: DeletedRowsOptions<T> | undefined,
): ColumnsType<T> {
  if (!options?.showing) return columns;
  const deletedCell = (row: T) => <DeletedRowActions row={row} options={options} />;
  const actions = columns.find((column) => column.key === 'actions');
  if (!actions)
    return [
      ...columns,
      {
        title: 'Actions',
        key: 'actions',
        fixed: 'right',
        width: DELETED_ACTIONS_WIDTH,
        render: (_value, row) => (isDeleted(row) ? deletedCell(row) : null),
      },
    ];
  return columns.map((column) =>
    column === actions
      ? {
          ...column,
          // Restore stays in view on a narrow screen, where the table scrolls sideways.
          fixed: 'right' as const,
          width: Math.max(Number(column.width) || 0, DELETED_ACTIONS_WIDTH),
          render: (value, row, index) =>
            isDeleted(row) ? deletedCell(row) : (column.render?.(value, row, index) ?? null),
        }
      : column,
  );
}
