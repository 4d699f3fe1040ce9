import { Link } from 'react-router';
import { Card, Col, Empty, Row, Space } from 'antd';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useMenu, useScope } from '../../shared/session';
import { FUNCTION_INDEX_EMPTY } from '../../shared/texts';

/** Landing page: one card per menu group the caller may use, listing its pages. */
export default function FunctionIndexPage() {
  const { scope, rest } = useScope();
  const menu = useMenu();
  if (menu.isPending) return <PageLoading />;
  const groups = (menu.data ?? [])
    .map((g) => ({ ...g, children: g.children.filter((c) => c.path !== rest) }))
    .filter((g) => g.children.length > 0);
  if (groups.length === 0) return <Empty description={FUNCTION_INDEX_EMPTY} />;
  return (
    <Row gutter={[16, 16]} data-testid="function-index">
      {groups.map((g) => (
        <Col key={g.key} xs={24} sm={12} lg={8} xl={6}>
          <Card title={g.title} size="small" style={{ height: '100%' }}>
            <Space orientation="vertical" size={4}>
              {g.children.map((c) => (
                <Link key={c.path} to={scopeLink(scope, c.path)}>
                  {c.title}
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
