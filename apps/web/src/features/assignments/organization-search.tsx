import { Alert, Button, Descriptions, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { ASSIGNMENT_MESSAGES } from '@rms/contracts/assignments';
import { MESSAGES } from '@rms/contracts/messages';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { showApiError } from '../../api/errors';
import { dash } from '../../lib/format';
import { findOrganizationByEmail } from './api';

/** What the search has found: nothing yet (undefined), no organization (null), or one. */
export type FoundOrganization = OrganizationRow | null | undefined;

interface Props {
  found: FoundOrganization;
  onFound: (organization: FoundOrganization) => void;
  /** Bumped by the page to empty the e-mail box after a successful assignment. */
  resetKey: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Spec 02 §2: the buyer is found by its e-mail; the card shows whom the item will go to. */
export function OrganizationSearch({ found, onFound, resetKey }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setEmail('');
    setError(null);
  }
  const [searching, setSearching] = useState(false);

  const run = () => {
    if (!EMAIL.test(email.trim())) {
      setError(MESSAGES.validEmail);
      return;
    }
    setError(null);
    setSearching(true);
    findOrganizationByEmail(email)
      .then(onFound, showApiError)
      .finally(() => setSearching(false));
  };

  return (
    <Flex vertical gap="middle">
      <Form.Item
        label="Search Organization by Email"
        htmlFor="assign-organization-email"
        validateStatus={error ? 'error' : undefined}
        help={error}
        style={{ marginBottom: 0 }}
        layout="vertical"
      >
        <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
          <Input
            id="assign-organization-email"
            type="email"
            placeholder="Enter organization email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (found !== undefined) onFound(undefined);
            }}
            onPressEnter={run}
          />
          <Button type="primary" onClick={run} loading={searching}>
            Search
          </Button>
        </Space.Compact>
      </Form.Item>
      {found === null && <Alert type="warning" showIcon message={ASSIGNMENT_MESSAGES.noOrganization} />}
      {found && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 3 }}
          aria-label="Found organization"
          items={[
            { key: 'name', label: 'Organization', children: found.company_name },
            { key: 'email', label: 'Email', children: found.email },
            { key: 'pan', label: 'PAN', children: dash(found.pan) },
          ]}
        />
      )}
    </Flex>
  );
}
