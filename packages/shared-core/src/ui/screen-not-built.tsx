import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import type { ComponentType } from 'react';

/**
 * The first shape of a remote's `./routes` (eagerly loaded components).
 * @deprecated Remotes now expose `AreaRoute[]` (`defineAreaRoutes`, lazily loaded screens with metadata);
 * kept because shared-core only grows additively.
 */
export interface RemoteRoute {
  path: string;
  Component: ComponentType;
}

/**
 * Shown inside the host's page frame until an area's own issue builds the screen: the host already
 * shows the title; this says, in Russian, that the screen is planned (the README lists it as not built).
 */
export function ScreenNotBuilt({ screen, area }: { screen: string; area: string }) {
  return (
    <Card variant="borderless" data-testid="screen-not-built">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#8c9bb0' }} />}
        title={`Экран «${screen}» ещё не создан`}
        subTitle={
          <Typography.Text type="secondary">
            Он запланирован отдельной задачей раздела «{area}» и появится здесь в одном из следующих обновлений.
          </Typography.Text>
        }
      />
    </Card>
  );
}
