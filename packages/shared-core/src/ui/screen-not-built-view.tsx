import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';

/**
 * Shown inside the host's page frame until an area's own issue builds the screen: the host already
 * shows the title; this says, in Russian, that the screen is planned (the README lists it as not built).
 */
export default function ScreenNotBuiltView({ screen, area }: { screen: string; area: string }) {
  return (
    <Card variant="borderless" data-testid="screen-not-built">
      <Flex vertical align="center" gap={8} style={{ padding: '48px 24px', textAlign: 'center' }}>
        <ClockCircleOutlined style={{ color: '#8c9bb0', fontSize: 72, marginBottom: 16 }} aria-hidden />
        <Typography.Title level={3} style={{ margin: 0, fontWeight: 400 }}>
          {`Экран «${screen}» ещё не создан`}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ maxWidth: 640 }}>
          Он запланирован отдельной задачей раздела «{area}» и появится здесь в одном из следующих обновлений.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
