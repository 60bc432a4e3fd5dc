import { CloudServerOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';

interface Props {
  areaTitle: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** The card an area shows when its remote bundle cannot be loaded or has crashed. */
export function AreaUnavailable({ areaTitle, error, onRetry, retrying }: Props) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Card variant="borderless" data-testid="area-unavailable" role="alert">
      <Result
        icon={<CloudServerOutlined style={{ color: '#d4880f' }} />}
        title="Раздел временно недоступен"
        subTitle={
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              Раздел «{areaTitle}» сейчас не загрузился. Остальные разделы работают как обычно.
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              Проверьте соединение и нажмите «Повторить». Если ошибка повторяется, сообщите администратору.
            </Typography.Text>
          </>
        }
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
            Повторить
          </Button>
        }
      >
        {detail ? (
          <Typography.Paragraph
            type="secondary"
            style={{ fontSize: 12, textAlign: 'center', margin: 0 }}
            ellipsis={{ rows: 1, expandable: true, symbol: 'подробнее' }}
          >
            Техническая причина: {detail}
          </Typography.Paragraph>
        ) : null}
      </Result>
    </Card>
  );
}
