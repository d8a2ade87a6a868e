import { organizationApi as O } from '@rms/contracts/api/organizations';
import { permissionLabel } from '@rms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Empty, Row } from 'antd';
import { apiQuery } from '../api/queries';

/** The permission keys the caller may grant (their own codes; every code for a super-user). */
export function usePermissionKeys() {
  return useQuery({
    ...apiQuery(O.permissions, {}),
    select: (rows) => rows.map((r) => r.key),
    staleTime: 5 * 60_000,
  });
}

interface PermissionCheckboxesProps {
  /** The keys offered (what the caller may grant). */
  keys: readonly string[];
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** The permission checkbox list of the registration forms; labels per spec 01 §3. */
export function PermissionCheckboxes({ keys, value, onChange, disabled }: PermissionCheckboxesProps) {
  if (keys.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No permissions to grant" />;
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(checked) => onChange?.(checked)}
      disabled={disabled}
      style={{ width: '100%' }}
    >
      <Row gutter={[8, 8]}>
        {keys.map((key) => (
          <Col key={key} xs={24} sm={12} lg={8}>
            <Checkbox value={key}>{permissionLabel(key)}</Checkbox>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  );
}
