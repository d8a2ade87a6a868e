import type { DropdownGroup } from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Spin, Tree, type TreeDataNode } from 'antd';
import { useSearchParams } from 'react-router';
import { dropdownTreeQuery } from './dropdown-api';
import { DropdownValuesPanel } from './dropdown-values-panel';

/** Groups with children are headings; only the others hold values. */
function listsOf(groups: DropdownGroup[]): DropdownGroup[] {
  return groups.flatMap((g) => (g.children.length > 0 ? listsOf(g.children) : [g]));
}

function treeData(groups: DropdownGroup[]): TreeDataNode[] {
  return groups.map((g) => ({
    key: g.id,
    title: g.title,
    selectable: g.children.length === 0,
    children: treeData(g.children),
  }));
}

/** Dropdown Settings (spec 01 §2): the tree of groups on the left, the chosen group's values on the right. */
export function DropdownSettingsPage() {
  const tree = useQuery(dropdownTreeQuery());
  const [params, setParams] = useSearchParams();
  const lists = listsOf(tree.data ?? []);
  const chosen = Number(params.get('group'));
  const group = lists.find((g) => g.id === chosen) ?? lists[0];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={9} lg={7}>
        <Card title="Dropdown Settings">
          {tree.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              treeData={treeData(tree.data ?? [])}
              selectedKeys={group ? [group.id] : []}
              onSelect={(keys) => {
                const [key] = keys;
                if (key !== undefined) setParams({ group: String(key) }, { replace: true });
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} lg={17}>
        {group ? (
          <DropdownValuesPanel key={group.id} group={group} />
        ) : (
          <Card>{tree.isLoading ? <Spin /> : <Empty description="No dropdown groups" />}</Card>
        )}
      </Col>
    </Row>
  );
}
