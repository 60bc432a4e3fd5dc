import { AppstoreOutlined, ExportOutlined, PictureOutlined, ShopOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCategoryCounts, useSlideCounts, type HubCounts } from '../api';

interface Query {
  data: HubCounts | undefined;
  isPending: boolean;
  isError: boolean;
}

function Count({ query, live, empty }: { query: Query; live: (c: HubCounts) => string; empty: string }) {
  if (query.isPending) return <Skeleton.Input active size="small" style={{ width: 160 }} />;
  if (query.isError || !query.data) return <Typography.Text type="secondary">Не удалось посчитать</Typography.Text>;
  return <Typography.Text type="secondary">{query.data.total === 0 ? empty : live(query.data)}</Typography.Text>;
}

function HubCard({ to, icon, title, description, children, testId, external }: { to: string; icon: ReactNode; title: string; description: string; children?: ReactNode; testId: string; external?: boolean }) {
  const body = (
    <Card hoverable variant="borderless" style={{ height: '100%' }} data-testid={testId}>
      <Flex gap={16} align="flex-start">
        <span style={{ fontSize: 28, color: '#1677ff', lineHeight: 1 }} aria-hidden>
          {icon}
        </span>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
            {external ? <ExportOutlined style={{ fontSize: 12, marginInlineStart: 6, color: '#8c8c8c' }} aria-label="откроется в новой вкладке" /> : null}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            {description}
          </Typography.Paragraph>
          {children}
        </div>
      </Flex>
    </Card>
  );
  return external ? (
    <a href={to} target="_blank" rel="noopener noreferrer" style={{ display: 'block', height: '100%' }}>
      {body}
    </a>
  ) : (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      {body}
    </Link>
  );
}

/** The constructors: the main slider and the storefront categories, with short counts, and the public preview. */
export function HubCards() {
  const slides = useSlideCounts();
  const categories = useCategoryCounts();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} md={12} xl={8}>
        <HubCard to="/constructorMainSlider" icon={<PictureOutlined />} title="Главный слайдер" description="Слайды на главной странице сайта: картинка, текст, кнопка, даты показа и порядок" testId="hub-slides">
          <Count query={slides} empty="Слайдов пока нет" live={(c) => `Показываются сейчас: ${c.live} из ${c.total}`} />
        </HubCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <HubCard to="/constructorGeneralCategory" icon={<AppstoreOutlined />} title="Категории интернет-магазина" description="Разделы витрины и категории каталога, из которых они собраны" testId="hub-categories">
          <Count query={categories} empty="Категорий пока нет" live={(c) => `Опубликовано: ${c.live} из ${c.total}`} />
        </HubCard>
      </Col>
      <Col xs={24} md={24} xl={8}>
        <HubCard to="/storefront" external icon={<ShopOutlined />} title="Предпросмотр витрины" description="Сайт глазами посетителя: только опубликованное, формы заявок работают по-настоящему" testId="hub-preview" />
      </Col>
    </Row>
  );
}
